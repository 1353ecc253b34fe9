//! What each tool's answer holds: the fields of its served output schema, nested ones too, each
//! with the thing it is of (an appointment, a slot, a doctor, …), its kind and the words that
//! name it. clinic-mcp holds this table to the schemas it serves, both ways (its test
//! `the_policy_table_of_outputs_is_this_servers_schemas`). A text that says an answer holds
//! what it does not (a phone number, an intake, a next slot) makes the agent report data it has
//! not got, or invent it.

/// The thing a field is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    Appointment,
    Slot,
    Doctor,
    Patient,
    Clinic,
    Specialty,
    Intake,
    Protocol,
    /// A page of a list of appointments.
    Page,
    /// The window of time a slot search searched.
    Window,
    /// An instant, in UTC and the clinic's local time.
    Instant,
}

impl Thing {
    /// The words that name the thing.
    pub fn words(self) -> &'static [&'static str] {
        match self {
            Thing::Appointment => APPOINTMENT_NAMES,
            Thing::Slot => &["slot", "slots"],
            Thing::Doctor => &["doctor", "doctors"],
            Thing::Patient => &["patient", "patients"],
            Thing::Clinic => &["clinic", "clinics"],
            Thing::Specialty => &["specialty", "specialties"],
            Thing::Intake => &["intake", "intakes"],
            Thing::Protocol => &["protocol", "protocols"],
            Thing::Page => &["page", "pages"],
            Thing::Window => &["window"],
            Thing::Instant => &[],
        }
    }
}

/// What kind of value a field is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// An id (a positive integer).
    Id,
    /// A person's, a clinic's, a specialty's or a protocol's name or title.
    Name,
    /// One of a few words (a status, a triage level, a priority).
    Level,
    /// An instant or a date.
    Time,
    /// A time zone.
    Zone,
    /// A street address.
    Address,
    /// A count or a number.
    Count,
    /// A text a person wrote or the API keeps.
    Text,
    /// A boolean.
    Flag,
    /// An object of the fields it holds.
    Object,
    /// A list of objects of the fields it holds.
    List,
}

/// A field of an answer: its name in the schema, the thing it is of, its kind, the words that
/// name it, and the fields it holds when it is an object or a list of them.
#[derive(Debug)]
pub struct Field {
    pub name: &'static str,
    pub of: Thing,
    pub value: Value,
    pub words: &'static [&'static str],
    pub holds: &'static [Field],
}

const fn f(name: &'static str, of: Thing, value: Value, words: &'static [&'static str]) -> Field {
    Field {
        name,
        of,
        value,
        words,
        holds: &[],
    }
}

const fn nest(
    name: &'static str,
    of: Thing,
    value: Value,
    words: &'static [&'static str],
    holds: &'static [Field],
) -> Field {
    Field {
        name,
        of,
        value,
        words,
        holds,
    }
}

const ID: &[&str] = &["id", "ids"];
const NAME: &[&str] = &["name", "names"];
const TIME_ZONE: &[&str] = &["time", "zone", "zones"];
const STATUS: &[&str] = &["status", "statuses", "state"];
const START: &[&str] = &[
    "start", "starts", "time", "times", "date", "dates", "when", "hour", "hours",
];
const END: &[&str] = &[
    "end", "ends", "time", "times", "date", "dates", "when", "hour", "hours",
];

/// An instant (`When`): in UTC, in the clinic's local time, and the clinic's zone.
#[rustfmt::skip]
const WHEN: &[Field] = &[
    f("utc", Thing::Instant, Value::Time, &["utc", "time", "instant"]),
    f("local", Thing::Instant, Value::Time, &["local", "time", "instant"]),
    f("time_zone", Thing::Clinic, Value::Zone, TIME_ZONE),
];

/// A clinic (`Clinic`).
#[rustfmt::skip]
const CLINIC: &[Field] = &[
    f("id", Thing::Clinic, Value::Id, ID),
    f("name", Thing::Clinic, Value::Name, NAME),
    f("address", Thing::Clinic, Value::Address, &["address", "addresses", "street"]),
    f("time_zone", Thing::Clinic, Value::Zone, TIME_ZONE),
];

/// A doctor of a doctor list (`Doctor`).
#[rustfmt::skip]
const DOCTOR: &[Field] = &[
    f("id", Thing::Doctor, Value::Id, ID),
    f("name", Thing::Doctor, Value::Name, NAME),
    f("specialty", Thing::Doctor, Value::Name, &["specialty", "specialties"]),
    nest("clinic", Thing::Clinic, Value::Object, &["clinic", "clinics"], CLINIC),
];

/// The doctor of an appointment (`DoctorRef`).
#[rustfmt::skip]
const DOCTOR_REF: &[Field] = &[
    f("id", Thing::Doctor, Value::Id, ID),
    f("name", Thing::Doctor, Value::Name, NAME),
    f("specialty", Thing::Doctor, Value::Name, &["specialty", "specialties"]),
];

/// The patient of an appointment (`PatientRef`).
#[rustfmt::skip]
const PATIENT_REF: &[Field] = &[
    f("id", Thing::Patient, Value::Id, ID),
    f("name", Thing::Patient, Value::Name, NAME),
];

/// An appointment (`Appointment`): the doctor on a patient's, the patient on a doctor's.
#[rustfmt::skip]
const APPOINTMENT: &[Field] = &[
    f("appointment_id", Thing::Appointment, Value::Id, ID),
    f("status", Thing::Appointment, Value::Level, STATUS),
    f("slot_id", Thing::Slot, Value::Id, &["slot", "slots", "id"]),
    nest("start", Thing::Appointment, Value::Object, START, WHEN),
    nest("end", Thing::Appointment, Value::Object, END, WHEN),
    nest("doctor", Thing::Doctor, Value::Object, &["doctor", "doctors"], DOCTOR_REF),
    nest("patient", Thing::Patient, Value::Object, &["patient", "patients"], PATIENT_REF),
    f("rejection_reason", Thing::Appointment, Value::Text, &["reason", "reasons", "rejection"]),
];

/// An appointment booked or moved (`Booking`).
#[rustfmt::skip]
const BOOKING: &[Field] = &[
    f("appointment_id", Thing::Appointment, Value::Id, ID),
    f("replayed", Thing::Appointment, Value::Flag, &["replayed", "replay"]),
    f("status", Thing::Appointment, Value::Level, STATUS),
    f("slot_id", Thing::Slot, Value::Id, &["slot", "slots", "id"]),
    nest("start", Thing::Appointment, Value::Object, START, WHEN),
    nest("end", Thing::Appointment, Value::Object, END, WHEN),
    nest("doctor", Thing::Doctor, Value::Object, &["doctor", "doctors"], DOCTOR_REF),
];

/// A page of appointments (`AppointmentPage`).
#[rustfmt::skip]
const APPOINTMENT_PAGE: &[Field] = &[
    nest("appointments", Thing::Appointment, Value::List, &["appointment", "appointments"], APPOINTMENT),
    f("page", Thing::Page, Value::Count, &["page", "number"]),
    f("limit", Thing::Page, Value::Count, &["limit", "size"]),
    f("total", Thing::Page, Value::Count, &["total", "count", "number", "appointment", "appointments"]),
    f("total_pages", Thing::Page, Value::Count, &["total", "pages", "number"]),
];

/// The specialties (`Specialties` of `Specialty`).
#[rustfmt::skip]
const SPECIALTIES: &[Field] = &[
    nest("specialties", Thing::Specialty, Value::List, &["specialty", "specialties"], &[
        f("name", Thing::Specialty, Value::Name, NAME),
        f("doctors", Thing::Specialty, Value::Count, &["doctor", "doctors", "number", "count"]),
    ]),
];

/// The doctors (`Doctors`).
#[rustfmt::skip]
const DOCTORS: &[Field] = &[
    nest("doctors", Thing::Doctor, Value::List, &["doctor", "doctors"], DOCTOR),
    f("count", Thing::Doctor, Value::Count, &["count", "number", "doctor", "doctors"]),
];

/// Open slots in a window (`Slots` of `Slot`).
#[rustfmt::skip]
const SLOTS: &[Field] = &[
    nest("slots", Thing::Slot, Value::List, &["slot", "slots"], &[
        f("slot_id", Thing::Slot, Value::Id, ID),
        f("doctor_id", Thing::Doctor, Value::Id, &["doctor", "id"]),
        f("doctor_name", Thing::Doctor, Value::Name, &["doctor", "name"]),
        f("specialty", Thing::Doctor, Value::Name, &["specialty", "specialties"]),
        f("clinic", Thing::Clinic, Value::Name, &["clinic", "name"]),
        nest("start", Thing::Slot, Value::Object, START, WHEN),
        nest("end", Thing::Slot, Value::Object, END, WHEN),
    ]),
    f("from", Thing::Window, Value::Time, &["from", "start", "window"]),
    f("to", Thing::Window, Value::Time, &["to", "end", "window"]),
    f("total_found", Thing::Window, Value::Count, &["total", "found", "count", "number", "slot", "slots"]),
    f("truncated", Thing::Window, Value::Flag, &["truncated"]),
];

/// An intake (`Intake`).
#[rustfmt::skip]
const INTAKE: &[Field] = &[
    f("intake_id", Thing::Intake, Value::Id, ID),
    f("appointment_id", Thing::Appointment, Value::Id, &["appointment", "id"]),
    f("symptoms", Thing::Intake, Value::Text, &["symptom", "symptoms"]),
    f("duration_days", Thing::Intake, Value::Count, &["duration", "days"]),
    f("severity", Thing::Intake, Value::Count, &["severity"]),
    f("triage", Thing::Intake, Value::Level, &["triage", "level"]),
    nest("recorded", Thing::Intake, Value::Object, &["recorded", "time", "when"], WHEN),
];

/// The protocols found (`Protocols` of `Protocol`).
#[rustfmt::skip]
const PROTOCOLS: &[Field] = &[
    nest("protocols", Thing::Protocol, Value::List, &["protocol", "protocols", "match", "matches"], &[
        f("protocol_id", Thing::Protocol, Value::Id, ID),
        f("title", Thing::Protocol, Value::Name, &["title", "titles", "name"]),
        f("excerpt", Thing::Protocol, Value::Text, &["excerpt", "text", "start"]),
        f("reviewed", Thing::Protocol, Value::Time, &["review", "reviewed", "date"]),
        f("shared", Thing::Protocol, Value::Flag, &["shared"]),
    ]),
];

/// An escalated appointment (`Escalation`).
#[rustfmt::skip]
const ESCALATION: &[Field] = &[
    nest("appointment", Thing::Appointment, Value::Object, &["appointment"], APPOINTMENT),
    f("priority", Thing::Appointment, Value::Level, &["priority", "urgent"]),
];

/// Every tool's answer: the fields of its output schema.
pub const OUTPUTS: &[(&str, &[Field])] = &[
    ("list_my_appointments", APPOINTMENT_PAGE),
    ("list_doctor_schedule", APPOINTMENT_PAGE),
    ("get_appointment", APPOINTMENT),
    ("book_appointment", BOOKING),
    ("reschedule_appointment", BOOKING),
    ("cancel_appointment", APPOINTMENT),
    ("confirm_appointment", APPOINTMENT),
    ("reject_appointment", APPOINTMENT),
    ("list_specialties", SPECIALTIES),
    ("list_doctors", DOCTORS),
    ("find_available_slots", SLOTS),
    ("record_intake", INTAKE),
    ("search_protocols", PROTOCOLS),
    ("escalate_to_oncall", ESCALATION),
];

/// The fields of a tool's answer; `None` for a tool this server does not serve.
pub fn output_of(tool: &str) -> Option<&'static [Field]> {
    OUTPUTS.iter().find(|(t, _)| *t == tool).map(|(_, f)| *f)
}

/// Every field of an answer, nested ones too, with its path ("appointments.doctor.name").
pub fn paths(fields: &'static [Field]) -> Vec<(String, &'static Field)> {
    let mut out = Vec::new();
    fn walk(prefix: &str, fields: &'static [Field], out: &mut Vec<(String, &'static Field)>) {
        for field in fields {
            let path = if prefix.is_empty() {
                field.name.to_owned()
            } else {
                format!("{prefix}.{}", field.name)
            };
            walk(&path, field.holds, out);
            out.push((path, field));
        }
    }
    walk("", fields, &mut out);
    out
}

// ---------------------------------------------------------------- readings

use crate::lang::data::data_kind;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Data a text may say an answer holds that no answer of this server holds: what a person
/// says or is told at a visit, what a visit costs, how long one waits.
const NEVER_ANSWERED: &[&str] = &[
    "advice",
    "note",
    "notes",
    "wait",
    "waiting",
    "rating",
    "ratings",
    "fee",
    "fees",
    "price",
    "prices",
    "cost",
    "costs",
    "photo",
    "photos",
    "biography",
    "languages",
    "qualifications",
    "availability",
    "outcome",
    "outcomes",
    "summary",
    "report",
    "reports",
    "instructions",
];

/// Words of the table that name no datum by themselves: a number, a time, a name, a text, a
/// page's count and the ends of a window are said of every kind of thing.
const GENERIC: &[&str] = &[
    "id", "ids", "name", "names", "number", "count", "total", "time", "times", "date", "dates",
    "when", "from", "to", "start", "starts", "end", "ends", "text", "level", "found", "local",
    "utc", "instant", "match", "matches", "size", "window", "state", "zone", "zones", "hour",
    "hours",
];

/// The words that name what a tool's answer holds: its fields' words and the things they are of.
fn held_words(fields: &'static [Field]) -> Vec<&'static str> {
    let mut words = Vec::new();
    for (_, field) in paths(fields) {
        words.extend(field.words);
        words.extend(field.of.words());
    }
    words
}

/// Whether some answer of this server, or none, could be said to hold the datum a word names:
/// a word of the table's (a field's or a thing's, but the words said of anything), a person's
/// data, or what no answer holds ([`NEVER_ANSWERED`]).
fn a_datum(word: &str) -> bool {
    let one = word.strip_suffix('s').unwrap_or(word);
    let is = |list: &[&str]| list.contains(&word) || list.contains(&one);
    if is(GENERIC) {
        return false;
    }
    is(NEVER_ANSWERED)
        || data_kind(word, false).is_some()
        || OUTPUTS
            .iter()
            .any(|(_, fields)| held_words(fields).iter().any(|w| *w == word || *w == one))
}

/// Whether the words a text says a tool's answer leaves out ("The intake and the triage level
/// are not in the answer") name data its answer ([`OUTPUTS`]) does not hold: the tool is served,
/// some word names a datum, and no word names a field of its answer or a thing it is of.
pub(crate) fn left_out_of(tool: &str, words: &[&Tok]) -> bool {
    let Some(fields) = output_of(tool) else {
        return false;
    };
    let held = held_words(fields);
    let holds = |w: &str| {
        let one = w.strip_suffix('s').unwrap_or(w);
        held.iter().any(|h| *h == w || *h == one)
    };
    let words: Vec<String> = words
        .iter()
        .filter(|t| t.kind == Kind::Word)
        .map(|t| t.text.to_ascii_lowercase())
        .collect();
    words.iter().any(|w| a_datum(w)) && !words.iter().any(|w| holds(w))
}

/// Whether a word names a thing an answer is of ("patient", "doctors").
fn a_thing(word: &str) -> bool {
    OUTPUTS.iter().any(|(_, fields)| {
        paths(fields)
            .iter()
            .any(|(_, f)| f.of.words().iter().any(|w| w.eq_ignore_ascii_case(word)))
    })
}

/// Words that open a list of what an answer holds ("Returns …", "…, with status, doctor and
/// times", "each with its title", "The appointment, with the patient's name").
const OPENS_A_LIST: &[&str] = &[
    "returns",
    "returning",
    "with",
    "holds",
    "including",
    "includes",
];

/// Words that end the naming of a datum in an item of a list: what follows says whom or what it
/// is for, of or about ("a notification to the patient", "the protocols of the clinic"), not
/// another datum.
const ENDS_AN_ITEM: &[&str] = &[
    "of", "to", "for", "by", "in", "at", "from", "on", "per", "than", "as", "about", "within",
    "under", "after", "before", "until", "when", "if",
];

/// Words that name what a call sends, whose contents a list may say.
const REQUEST: &[&str] = &[
    "request",
    "requests",
    "body",
    "argument",
    "arguments",
    "input",
    "inputs",
    "call",
    "calls",
];

/// Words that name what a tool answers.
const ANSWER: &[&str] = &[
    "answer",
    "answers",
    "result",
    "results",
    "response",
    "responses",
    "output",
    "returned",
];

/// Whether the words after an "as" name an argument of `tool` or an input ("the query", "its
/// `query`", "the input").
fn taken_as(after: &[Tok], tool: &str) -> bool {
    after
        .iter()
        .find(|x| !is_word(x, DETERMINERS))
        .is_some_and(|x| {
            is_word(x, &["input", "argument", "query", "search"])
                || crate::served::args_of(tool).any(|a| x.text.trim_matches('`') == a.name)
        })
}

/// A tool's description, or an output's, that says the answer holds a datum the tool's answer
/// ([`OUTPUTS`]) does not hold ("Returns each doctor's id, name, specialty, clinic and next open
/// slot"; "The doctor, with the doctor's phone number"): the agent reports data it has not got,
/// or makes it up. The list opens on a word of [`OPENS_A_LIST`] and runs to the end of its
/// clause, each item named by its words before [`ENDS_AN_ITEM`]. In a tool's description a
/// "with" lists the answer in the opening sentence of a reading tool, or after "returns" (a
/// changing tool's "with" is of its act: "with a note", "with an optional reason", "late, with a
/// fee"); a clause that opens on "With" sets a case; a "with" after a person or denied
/// ("patients with asthma",
/// "with no …") is not of the answer; "returns to" is a return, and a word said of anything (a
/// name, a time) is no datum.
pub(crate) fn answer_overclaimed(
    toks: &[Tok],
    tool: &str,
    description: bool,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let Some(fields) = output_of(tool) else {
        return;
    };
    let held = held_words(fields);
    let holds = |w: &str| {
        let one = w.strip_suffix('s').unwrap_or(w);
        held.iter().any(|h| *h == w || *h == one)
    };
    if !description {
        bare_datum(toks, tool, fields, &holds, false, out);
        // (a phrase set beside the first after ";" or ":" says what the same output is: "The
        // appointment it belongs to; the id of the patient")
        for (k, t) in toks.iter().enumerate() {
            if t.kind == Kind::Stop && (t.text == ";" || t.text == ":") {
                bare_datum(&toks[k + 1..], tool, fields, &holds, true, out);
            }
        }
    }
    let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ";" && t.text != ":");
    for (n, sentence) in sentences.enumerate() {
        for clause in sentence.split(|t| t.kind == Kind::Stop) {
            let opens = |k: usize| {
                let t = &clause[k];
                if is_word(t, &["with"]) {
                    let returned = clause[..k]
                        .iter()
                        .any(|x| is_word(x, &["returns", "returning", "holds"]));
                    k > 0
                        && (!description || returned || n == 0 && !mutates)
                        && !is_word(&clause[k - 1], PATIENT_SIDE)
                        && !is_word(&clause[k - 1], &["doctor", "doctors"])
                        && !is_word_at(clause, k + 1, &["no", "none", "nothing"])
                } else {
                    is_word(t, OPENS_A_LIST) && !is_word_at(clause, k + 1, &["to", "no", "nothing"])
                }
            };
            let Some(open) = (0..clause.len()).find(|&k| opens(k)) else {
                continue;
            };
            // (what a request holds is what the tool takes, not its answer: "The request
            // includes a note of 1 to 500 characters")
            let subject = &clause[..open];
            if !is_word(&clause[open], &["returns", "returning"])
                && subject.iter().any(|x| is_word(x, REQUEST))
                && !subject.iter().any(|x| is_word(x, ANSWER))
            {
                continue;
            }
            let list = &clause[open + 1..];
            let items = list.split(|t| t.kind == Kind::Comma || is_word(t, &["and", "or"]));
            for item in items {
                let named = item
                    .iter()
                    .position(|t| is_word(t, ENDS_AN_ITEM))
                    .unwrap_or(item.len());
                // (a datum said to be given "as" an argument is taken, not answered: "with the
                // patient's symptoms as the query")
                if is_word_at(item, named, &["as"]) && taken_as(&item[named + 1..], tool) {
                    continue;
                }
                let item = &item[..named];
                if item
                    .iter()
                    .any(|t| is_word(t, NEGATIONS) || is_word(t, &["no"]))
                {
                    continue;
                }
                // (a thing before another word is whose the datum is: "the patient's symptoms")
                let head = item.len().saturating_sub(1);
                let Some(t) = item.iter().enumerate().find_map(|(j, t)| {
                    let whose = j < head && a_thing(&t.text);
                    (t.kind == Kind::Word && !whose && a_datum(&t.text) && !holds(&t.text))
                        .then_some(t)
                }) else {
                    continue;
                };
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "an answer said to hold \"{}\": the answer of {tool} holds no such datum; it holds {}",
                        t.text,
                        summary(fields)
                    ),
                );
            }
        }
    }
}

/// Words that end the noun phrase an output's description opens with: a relative word, a verb
/// of being or giving, a preposition of [`ENDS_AN_ITEM`] (but "of" after a word said of anything:
/// "date of birth", "id of the patient").
const ENDS_THE_DATUM: &[&str] = &[
    "where", "that", "which", "who", "whose", "is", "are", "was", "were", "has", "have", "had",
    "gives", "given", "set", "found", "made", "can", "may", "will", "with", "and", "or",
];

/// An output's description whose opening noun phrase names the datum the output is ("The
/// patient's date of birth.", "The doctor's phone number.", "The clinics where the specialty is
/// offered."): the phrase must name what the tool's answer holds. Refused: a person's data the
/// answer does not hold, a thing it holds nothing of, or a bare id, name or person's data of
/// such a thing ("The patient's name." on the slots, which hold no patient). A thing whose the datum is
/// may lie outside the answer when the datum is the answer's own ("The patient's symptoms." on
/// an intake). A phrase `set` beside another is read only when it is the whole of its clause
/// ("; the id of the patient", not "; the patient is told").
fn bare_datum(
    toks: &[Tok],
    tool: &str,
    fields: &'static [Field],
    holds: &dyn Fn(&str) -> bool,
    set: bool,
    out: &mut Vec<Violation>,
) {
    let mut phrase: Vec<&Tok> = Vec::new();
    for t in toks {
        if t.kind != Kind::Word || is_word(t, ENDS_THE_DATUM) || phrase.len() >= 8 {
            if set && t.kind == Kind::Word {
                return;
            }
            break;
        }
        if is_word(t, ENDS_AN_ITEM) {
            let generic = phrase
                .last()
                .is_some_and(|w| GENERIC.contains(&w.text.to_ascii_lowercase().as_str()));
            if !(is_word(t, &["of"]) && generic) {
                break;
            }
        }
        phrase.push(t);
    }
    // (a phrase that opens on a verb, a flag's "True" or a count's "Number" names no datum here;
    // a word said of anything before "of" does: "Name of the patient's doctor")
    let generic_of = phrase.first().is_some_and(|t| {
        let w = t.text.to_ascii_lowercase();
        GENERIC.contains(&w.as_str()) && !matches!(w.as_str(), "number" | "count" | "total")
    }) && phrase.get(1).is_some_and(|t| is_word(t, &["of"]));
    if !generic_of
        && phrase
            .first()
            .is_none_or(|t| !is_word(t, &["the", "a", "an", "its", "each"]))
        && phrase
            .first()
            .is_none_or(|t| !a_datum(&t.text.to_ascii_lowercase()))
    {
        return;
    }
    let head = phrase
        .iter()
        .position(|t| is_word(t, &["of"]))
        .unwrap_or(phrase.len())
        .saturating_sub(1);
    let head_word = phrase.get(head).map(|t| t.text.to_ascii_lowercase());
    let bare = head_word.as_deref().is_some_and(|w| {
        GENERIC.contains(&w)
            || matches!(
                data_kind(w, false),
                Some(crate::lang::data::Data::Personal | crate::lang::data::Data::Age)
            )
    });
    let hit = phrase.iter().enumerate().find_map(|(j, t)| {
        let w = t.text.to_ascii_lowercase();
        let whose = j < head && a_thing(&w);
        // (a person's data or a thing of another answer; a field the served answer lacks but a
        // clinic's API may give, a fee or a priority, is read in lists only)
        let lacks = a_datum(&w) && !holds(&w) && (data_kind(&w, false).is_some() || a_thing(&w));
        // (after a bare "Name of", "Id of" the thing the answer lacks is a person's: the
        // answer names whose data it holds)
        let person = Thing::Patient.words().contains(&w.as_str())
            || Thing::Doctor.words().contains(&w.as_str());
        (lacks && (!whose || bare) && (!generic_of || person)).then_some(*t)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "an output named as \"{}\": the answer of {tool} holds no such datum; it holds {}",
                t.text,
                summary(fields)
            ),
        );
    }
}

/// What an answer holds, as a refusal says it: "appointment_id, status, slot_id, start, end,
/// doctor (id, name, specialty), …".
fn summary(fields: &'static [Field]) -> String {
    fields
        .iter()
        .map(|f| {
            if f.holds.first().is_none_or(|h| h.of == Thing::Instant) {
                f.name.to_owned()
            } else {
                format!("{} ({})", f.name, summary(f.holds))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An output's description that counts a thing no count of the tool's answer counts ("Number of
/// open slots with this specialty" on the specialties, whose count is of doctors): the agent
/// reads the count as what it is not. The thing counted is the first thing named within four
/// words after "number of", "count of" or "how many" that is not whose another is.
pub(crate) fn count_of_another_thing(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(fields) = output_of(tool) else {
        return;
    };
    let mut counted: Vec<&str> = paths(fields)
        .iter()
        .filter(|(_, f)| f.value == Value::Count)
        .flat_map(|(_, f)| f.words.iter().copied())
        .collect();
    // (an answer with no count of its own: the length of its list counts its items, "the number
    // of protocols is at most `limit`")
    if counted.is_empty() {
        counted.extend(
            fields
                .iter()
                .filter(|f| f.value == Value::List)
                .flat_map(|f| f.of.words().iter().copied()),
        );
    }
    for (k, t) in toks.iter().enumerate() {
        let opens = is_word(t, &["number", "count"]) && is_word_at(toks, k + 1, &["of"])
            || is_word(t, &["how"]) && is_word_at(toks, k + 1, &["many"]);
        if !opens {
            continue;
        }
        // ("the number of the appointment": one thing's number is its id, not a count)
        let one = toks
            .get(k + 3)
            .is_some_and(|x| x.kind == Kind::Word && a_thing(&x.text) && !x.text.ends_with('s'))
            && !toks
                .get(k + 4)
                .is_some_and(|n| n.kind == Kind::Word && a_thing(&n.text));
        if is_word(t, &["number"]) && is_word_at(toks, k + 2, &["the", "this", "its"]) && one {
            continue;
        }
        // (a thing before another is whose it is: "the patient's appointments")
        let words: Vec<&Tok> = toks[k + 2..]
            .iter()
            .take(4)
            .take_while(|x| x.kind == Kind::Word)
            .collect();
        let Some(thing) = (0..words.len()).find_map(|j| {
            let whose = words.get(j + 1).is_some_and(|n| a_thing(&n.text));
            (a_thing(&words[j].text) && !whose).then_some(words[j])
        }) else {
            continue;
        };
        if !counted.iter().any(|w| w.eq_ignore_ascii_case(&thing.text)) {
            push(
                out,
                Rule::Directive,
                thing,
                format!(
                    "a count of {} said of an answer of {tool}, whose counts are of other things: it holds {}",
                    thing.text,
                    summary(fields)
                ),
            );
        }
    }
}

/// The things of which each of another has exactly one, as the answers hold them: a doctor's
/// clinic is one object of the doctor (`Doctor.clinic`), never a list, for every doctor
/// belongs to exactly one clinic (the contract: clinics are tenants).
pub const ONE_EACH: &[(Thing, Thing)] = &[
    (Thing::Doctor, Thing::Clinic),
    (Thing::Doctor, Thing::Specialty),
    (Thing::Appointment, Thing::Doctor),
    (Thing::Appointment, Thing::Patient),
    (Thing::Protocol, Thing::Clinic),
    // an appointment is of one slot, a slot of one doctor; one booking takes a slot (two
    // concurrent bookings: exactly one wins); one intake per appointment (`INTAKE_EXISTS`)
    (Thing::Appointment, Thing::Slot),
    (Thing::Slot, Thing::Doctor),
    (Thing::Slot, Thing::Patient),
    (Thing::Intake, Thing::Appointment),
    (Thing::Appointment, Thing::Intake),
];

/// Words that say many of a thing: "several intakes", "more patients".
const MANY: &[&str] = &["several", "multiple", "many", "more", "various", "two"];

/// Whether the answers hold a thing of `one` as one object or name of each `owner`, and
/// never as a list of them.
pub fn held_as_one(owner: Thing, one: Thing) -> bool {
    fn walk(
        fields: &'static [Field],
        owner: Thing,
        one: Thing,
        single: &mut bool,
        listed: &mut bool,
    ) {
        let of_owner = fields.iter().any(|f| f.of == owner && f.value == Value::Id);
        for field in fields {
            if of_owner && field.of == one {
                match field.value {
                    Value::List => *listed = true,
                    Value::Object | Value::Name => *single = true,
                    _ => {}
                }
            }
            walk(field.holds, owner, one, single, listed);
        }
    }
    let (mut single, mut listed) = (false, false);
    for (_, fields) in OUTPUTS {
        walk(fields, owner, one, &mut single, &mut listed);
    }
    single && !listed
}

/// Words that put one of a thing before others of its kind ("the doctor's first clinic").
const FIRST_OF_MANY: &[&str] = &[
    "first",
    "main",
    "home",
    "primary",
    "usual",
    "principal",
    "other",
    "second",
];

/// Verbs that place a person ("the doctor practises at …").
const PLACED: &[&str] = &[
    "practise",
    "practises",
    "practice",
    "practices",
    "work",
    "works",
    "based",
    "located",
    "sits",
    "serves",
];

/// Words of a time a place is said to hold for ("on that day", "for each visit"), beside the
/// units of time.
const SPANS: &[&str] = &[
    "date", "dates", "today", "visit", "visits", "shift", "shifts",
];

/// What a place's clock is said by, whose offset may change with the day.
const CLOCK: &[&str] = &[
    "zone", "zones", "time", "times", "offset", "offsets", "clock",
];

/// A thing said to have many, a first or a changing one of what it has exactly one of
/// ([`ONE_EACH`]): "the clinics where the doctor practises", "one of the clinics of the
/// doctor", "the doctor's first clinic; a doctor may practise at more clinics", "the clinic
/// where the doctor is on that day". The agent looks for, or offers, another clinic of the
/// doctor that no answer holds. A thing is its owner's by a possessive before it, "of" or a
/// relative "where …" after it, or a verb that places the owner; a plural of many owners
/// ("the clinics of the doctors") and a sentence that denies it ("exactly one clinic", "not
/// at more clinics") pass.
pub(crate) fn one_said_many(toks: &[Tok], out: &mut Vec<Violation>) {
    for &(owner, one) in ONE_EACH {
        let (Some(&owner_one), Some(&thing_one), Some(&thing_many)) = (
            owner.words().first(),
            one.words().first(),
            one.words().get(1),
        ) else {
            continue;
        };
        let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
        for s in sentences {
            if s.iter()
                .any(|t| is_word(t, NEGATIONS) || is_word(t, &["no", "exactly", "only", "single"]))
            {
                continue;
            }
            // (an owner under "every" or "each" is many owners: "the specialties of every doctor")
            let owner_in = |from: usize, to: usize| {
                (from.min(s.len())..to.min(s.len())).any(|j| {
                    is_word(&s[j], &[owner_one])
                        && !(j >= 1 && is_word(&s[j - 1], &["every", "each", "any"]))
                })
            };
            // the owner placed by a verb before the thing ("the doctor practises: … clinics")
            let placed_before = |k: usize| {
                s[..k].iter().enumerate().any(|(j, x)| {
                    is_word(x, &[owner_one])
                        && s[j + 1..k].iter().take(3).any(|y| is_word(y, PLACED))
                })
            };
            let owner_many = owner.words().get(1).copied().unwrap_or(owner_one);
            // ("appointment slots" is the slots' own name, not an appointment's slots)
            let compound = owner == Thing::Appointment && one == Thing::Slot;
            let hit = s.iter().enumerate().find(|&(k, t)| {
                let before = |n: usize| !compound && k >= n && is_word(&s[k - n], &[owner_one]);
                // "an appointment may have several intakes", "several patients may book the
                // same slot", "each appointment with its patients", "doctor names of the slot"
                let many_said = is_word(t, &[thing_many])
                    && (s[k.saturating_sub(2)..k].iter().any(|x| is_word(x, MANY))
                        && owner_in(0, s.len())
                        || k >= 1
                            && is_word(&s[k - 1], &["its"])
                            && s.iter().any(|x| is_word(x, &["each"]))
                            && s[..k].iter().any(|x| is_word(x, &[owner_many])));
                let names_of = is_word(t, &[thing_one])
                    && is_word_at(s, k + 1, &["names", "ids"])
                    && is_word_at(s, k + 2, &["of"])
                    && owner_in(k + 3, k + 6);
                // "a doctor may see patients at a second clinic too": one more, said possible
                let another = is_word(t, &[thing_one])
                    && !compound
                    && k >= 1
                    && is_word(
                        &s[k - 1],
                        &["second", "third", "additional", "extra", "further"],
                    )
                    && owner_in(0, s.len())
                    && s.iter()
                        .any(|x| is_word(x, MODALS) || is_word(x, &["too", "also"]));
                // a doctor's one clinic or specialty, of any doctor or of all: "a doctor may see
                // patients at another clinic too", "every doctor can also work at other
                // clinics", "doctors may practise at several clinics", "at more than one
                // clinic" (an appointment's doctor and slot change with a move, and a slot is
                // open to another patient until booked: those pairs keep the reading above)
                // ("doctors of other clinics" are other doctors, each of one clinic)
                let of_owner = k >= 3
                    && is_word(&s[k - 2], &["of"])
                    && is_word(&s[k - 3], &[owner_one, owner_many]);
                let fixed_other = owner == Thing::Doctor
                    && k >= 1
                    && !of_owner
                    && (is_word(t, &[thing_one])
                        && (is_word(&s[k - 1], &["another"])
                            || k >= 3
                                && is_word(&s[k - 1], &["one"])
                                && is_word(&s[k - 2], &["than"])
                                && is_word(&s[k - 3], &["more"]))
                        || is_word(t, &[thing_many])
                            && (is_word(
                                &s[k - 1],
                                &["other", "several", "multiple", "many", "more"],
                            ) || s[k - 1].text.parse::<u32>().is_ok_and(|n| n > 1)))
                    && s[..k].iter().any(|x| is_word(x, &[owner_one, owner_many]))
                    && s.iter().any(|x| {
                        is_word(x, MODALS)
                            || is_word(x, &["too", "also", "than"])
                            || is_word(x, PLACED)
                    });
                // "each doctor's id, name, specialty and clinics": a plural in a list of the
                // owner's values
                let listed = is_word(t, &[thing_many])
                    && !compound
                    && s[..k]
                        .iter()
                        .rev()
                        .take(10)
                        .take_while(|x| {
                            x.kind == Kind::Comma
                                || x.kind == Kind::Word && !is_word(x, PREPOSITIONS)
                        })
                        .any(|x| is_word(x, &[owner_one]))
                    && s[..k]
                        .iter()
                        .rev()
                        .take(3)
                        .any(|x| x.kind == Kind::Comma || is_word(x, &["and"]));
                if many_said || names_of || another || fixed_other || listed {
                    true
                } else if is_word(t, &[thing_many]) {
                    // "the doctor's clinics", "the doctor's other clinics", "the clinics of
                    // the doctor", "the clinics where the doctor practises"
                    before(1)
                        || before(2) && s[k - 1].kind == Kind::Word
                        || is_word_at(s, k + 1, &["of", "where", "which", "that"])
                            && owner_in(k + 2, k + 5)
                        || placed_before(k)
                } else if is_word(t, &[thing_one]) {
                    // "the doctor's first clinic"; "the clinic where the doctor is on that day",
                    // "the doctor's clinic on that day"
                    let of_owner = before(1)
                        || is_word_at(s, k + 1, &["where", "which", "that", "of"])
                            && owner_in(k + 2, k + 5);
                    // ("the time zone of the doctor's clinic on that day": the day is the
                    // zone's, whose offset changes with it, not the clinic's)
                    let mut head = if before(1) { k - 1 } else { k };
                    while head >= 1 && is_word(&s[head - 1], &["the", "this", "that", "its"]) {
                        head -= 1;
                    }
                    let of_clock = head >= 2
                        && is_word(&s[head - 1], &["of", "at", "in"])
                        && is_word(&s[head - 2], CLOCK);
                    before(2) && is_word(&s[k - 1], FIRST_OF_MANY)
                        || of_owner
                            && !of_clock
                            && s[k + 1..]
                                .iter()
                                .take(8)
                                .take_while(|x| x.kind == Kind::Word)
                                .enumerate()
                                .any(|(j, x)| {
                                    (is_word(x, TIME_UNITS) || is_word(x, SPANS))
                                        && j >= 1
                                        && s[k + 1..][..j].iter().enumerate().any(|(i, y)| {
                                            is_word(
                                                y,
                                                &[
                                                    "on", "that", "each", "every", "per", "this",
                                                    "for",
                                                ],
                                            )
                                            // ("the doctor's clinic of the day"; "of the
                                            // visit" is the visit's one clinic)
                                            || i == 0
                                                && before(1)
                                                && is_word(y, &["of"])
                                                && !is_word(x, &["visit", "visits"])
                                        })
                                })
                } else {
                    false
                }
            });
            if let Some((_, t)) = hit {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "a {owner_one} said to have many, a first or a changing {thing_one}: every {owner_one} has exactly one {thing_one}, and the answers hold that one"
                    ),
                );
            }
        }
    }
}

/// The values a level of an answer takes, by the words that name the level.
pub const LEVELS: &[(&[&str], &[&str])] = &[(&["priority", "priorities"], super::PRIORITIES)];

/// A level said to take values it does not take ("Priority of the appointment: one of low,
/// normal, high or urgent", "Priority: routine, elevated or urgent", "Priority, 1 to 3"): the
/// agent waits for, or sorts by, a value the API never gives. The values are a list of two or
/// more single words, or a range of numbers, after the level's name in its sentence.
pub(crate) fn level_values_invented(toks: &[Tok], out: &mut Vec<Violation>) {
    for &(names, values) in LEVELS {
        for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
            let Some(at) = s.iter().position(|t| is_word(t, names)) else {
                continue;
            };
            let rest = &s[at + 1..];
            // (a range of numbers: "1 to 3", "from 1 to 3")
            let range = rest.windows(3).find(|w| {
                w[0].text.bytes().all(|b| b.is_ascii_digit())
                    && is_word(&w[1], &["to"])
                    && w[2].text.bytes().all(|b| b.is_ascii_digit())
            });
            // (a list: single words between commas, "or" and "and")
            let mut best: Vec<&Tok> = Vec::new();
            let mut run: Vec<&Tok> = Vec::new();
            for (k, t) in rest.iter().enumerate() {
                let sep = |j: usize| {
                    rest.get(j)
                        .is_none_or(|x| x.kind == Kind::Comma || is_word(x, &["or", "and"]))
                };
                let member = t.kind == Kind::Word
                    && !is_word(t, &["or", "and", "one", "of", "either"])
                    && sep(k + 1)
                    && (k == 0
                        || sep(k - 1)
                        || is_word(&rest[k - 1], &["of", "either"])
                        || rest[k - 1].text == ":");
                if member {
                    run.push(t);
                } else if !(t.kind == Kind::Comma || is_word(t, &["or", "and"])) {
                    if run.len() > best.len() {
                        best = std::mem::take(&mut run);
                    }
                    run.clear();
                }
            }
            if run.len() > best.len() {
                best = run;
            }
            let listed = (best.len() >= 2)
                .then(|| best.iter().find(|x| !is_word(x, values)).copied())
                .flatten();
            if let Some(t) = listed.or(range.map(|w| &w[0])) {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "\"{}\" as a value of the {}: it is one of {}",
                        t.text,
                        names[0],
                        values.join(", ")
                    ),
                );
            }
        }
    }
}

/// Words that say a string is as its source sent it, untouched.
const UNTOUCHED: &[&str] = &[
    "verbatim",
    "unfiltered",
    "unscreened",
    "unedited",
    "untouched",
    "unaltered",
    "unmodified",
    "uncensored",
    "unsanitized",
    "unsanitised",
    "raw",
];

/// Words that, as a phrase of their own after a string, say it is all there ("Full name,
/// whole, …", "the reason, in full").
const WHOLE: &[&str] = &[
    "whole",
    "intact",
    "complete",
    "unabridged",
    "uncut",
    "full",
    "entire",
];

/// Verbs of taking something out of a string ("with nothing taken out").
const TAKEN_OUT: &[&str] = &[
    "taken",
    "removed",
    "cut",
    "withheld",
    "filtered",
    "screened",
    "stripped",
    "edited",
    "redacted",
    "trimmed",
    "shortened",
    "sanitized",
    "sanitised",
];

/// Words that name a string of an answer, or the source that sends it.
const STRINGS: &[&str] = &[
    "name",
    "names",
    "title",
    "titles",
    "text",
    "texts",
    "excerpt",
    "excerpts",
    "specialty",
    "specialties",
    "message",
    "messages",
    "reason",
    "string",
    "strings",
    "symptoms",
    "address",
    "api",
    "upstream",
];

/// Words a text says the screen's work with, which make its sentence no claim of an untouched
/// string ("as the clinic API gives it, cut to 1000 characters").
const SCREEN_SAID: &[&str] = &[
    "screen",
    "screened",
    "withheld",
    "cut",
    "redacted",
    "removed",
    "shortened",
    "trimmed",
    "unless",
    "except",
    "after",
];

/// Words that make "as" a claim of sameness: "exactly as the doctor wrote it".
const EXACTLY: &[&str] = &["exactly", "precisely", "literally", "just"];

/// Where a string comes from before the server's screen: the clinic API by any of its names.
const SOURCES: &[&str] = &["api", "upstream", "source", "backend", "database", "db"];

/// Who writes a string of an answer: a person, or the clinic.
const AUTHORS: &[&str] = &[
    "doctor",
    "doctors",
    "patient",
    "patients",
    "clinic",
    "clinics",
    "clinician",
    "clinicians",
    "author",
    "authors",
    "staff",
    "nurse",
    "nurses",
    "someone",
    "person",
];

/// Verbs of a string's source writing or handing it on ("as the API gives it", "exactly as
/// the doctor wrote it", "exactly as written").
const GIVEN: &[&str] = &[
    "gives",
    "gave",
    "given",
    "give",
    "sends",
    "sent",
    "send",
    "returns",
    "returned",
    "return",
    "wrote",
    "written",
    "writes",
    "write",
    "typed",
    "types",
    "entered",
    "enters",
    "stores",
    "stored",
    "keeps",
    "kept",
    "holds",
    "held",
    "records",
    "recorded",
    "provides",
    "provided",
    "supplies",
    "supplied",
    "delivers",
    "delivered",
    "receives",
    "received",
    "submitted",
    "filed",
    "puts",
    "put",
    "saves",
    "saved",
];

/// A string said to be as its source gave it, at the "as" at `k` of the sentence `s`: "as the
/// API gives it", "as given by the clinic API", "exactly as the doctor wrote it", "exactly as
/// written", "as it is", "as they are". The clinic API, a person or the clinic is named as
/// the string's source with a verb of giving or writing, in the phrase after "as"; "exactly as"
/// (or "precisely", "literally", "just") needs only the source or the verb. The server's own
/// giving is after its screen ("as the server gives it"), and a state is no source ("the
/// appointment stays exactly as it was").
fn as_given(s: &[Tok], k: usize) -> bool {
    if !s.get(k).is_some_and(|t| is_word(t, &["as"])) {
        return false;
    }
    let exact = k > 0 && is_word(&s[k - 1], EXACTLY);
    let phrase: Vec<&Tok> = s[k + 1..]
        .iter()
        .take_while(|x| x.kind == Kind::Word)
        .take(6)
        .collect();
    let at = |j: usize, w: &[&str]| phrase.get(j).is_some_and(|x| is_word(x, w));
    // (the phrase opens with its source or the verb: not "as well as", "such as", "as soon as")
    let opens = at(
        0,
        &[
            "the", "its", "their", "his", "her", "a", "an", "this", "that", "it", "they", "is",
            "are",
        ],
    ) || at(0, GIVEN)
        || at(0, SOURCES)
        || at(0, AUTHORS);
    if !opens || k > 0 && is_word(&s[k - 1], &["such", "well", "same", "soon", "long"]) {
        return false;
    }
    // ("as is", "as it is", "as they are", at the phrase's end)
    let as_is = (at(0, &["is", "are"]) && phrase.len() == 1)
        || (at(0, &["it", "they"]) && at(1, &["is", "are"]) && phrase.len() == 2);
    let source = phrase.iter().any(|x| is_word(x, SOURCES));
    let author = phrase.iter().any(|x| is_word(x, AUTHORS));
    // (the verb's object is the string itself, a pronoun, or none: "as the API gives it", "as
    // given by the API"; not a reason, "as the clinic API returns every doctor")
    let given = (0..phrase.len()).any(|j| {
        is_word(phrase[j], GIVEN)
            && (j + 1 == phrase.len() || at(j + 1, &["it", "them", "by", "from", "to"]))
    });
    source && given || exact && (source || author || at(0, GIVEN)) || as_is
}

/// Long texts of an answer, which the screen cuts or withholds: said as the API gives them,
/// they are said whole (a name or a title as the clinic API gives it names its source).
const LONG_TEXTS: &[&str] = &[
    "text",
    "texts",
    "excerpt",
    "excerpts",
    "reason",
    "message",
    "messages",
    "symptoms",
    "note",
    "notes",
    "body",
    "bodies",
    "words",
    "description",
    "descriptions",
    "summary",
];

/// A string of an answer said to be whole, as the clinic API sent it ("Doctor name, as the
/// clinic API gives it, with nothing taken out", "Title of the protocol, exactly as the clinic
/// API gives it", "the text, verbatim"): every string of every answer passes the server's
/// output screen, which takes out control and invisible characters and secrets, cuts a long
/// text and withholds one that carries an instruction; the agent, told nothing is taken out,
/// reads a cut or withheld text as the clinic's own.
pub(crate) fn screen_denied(toks: &[Tok], out: &mut Vec<Violation>) {
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        let hit = s.iter().enumerate().find(|&(k, t)| {
            let nothing_out = is_word(t, &["nothing", "none"])
                && s[k + 1..].iter().take(3).any(|x| is_word(x, TAKEN_OUT));
            // ("exactly as the clinic API gives it": a source's giving, matched exactly)
            let exactly_as = is_word(t, &["exactly", "precisely", "literally"])
                && is_word_at(s, k + 1, &["as"])
                && s[k + 2..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, &["api", "upstream", "source"]));
            let word_for_word = is_word(t, &["word"])
                && is_word_at(s, k + 1, &["for"])
                && is_word_at(s, k + 2, &["word"]);
            // ("Full name, whole, as the clinic API gave it": a phrase of its own that says the
            // string is all there; "in full" too)
            let phrase_end = |j: usize| s.get(j).is_none_or(|x| x.kind != Kind::Word);
            let whole = is_word(t, WHOLE)
                && k > 0
                && (s[k - 1].kind == Kind::Comma
                    || (is_word(&s[k - 1], &["in"]) && k > 1 && s[k - 2].kind == Kind::Comma))
                && phrase_end(k + 1);
            nothing_out || exactly_as || word_for_word || whole || is_word(t, UNTOUCHED)
        });
        // (a source's giving, read where no other word of the sentence says it whole)
        let hit = hit.or_else(|| s.iter().enumerate().find(|&(k, _)| as_given(s, k)));
        let Some((k, t)) = hit else { continue };
        // (a phrase of its own is marked at the string it is said of, so a reading of the
        // same word keeps its own finding)
        let at = if is_word(t, WHOLE) {
            s.iter().find(|x| is_word(x, STRINGS)).unwrap_or(t)
        } else {
            t
        };
        let said = s
            .iter()
            .enumerate()
            .any(|(j, x)| j != k && is_word(x, SCREEN_SAID) && !(j == k + 1 || j == k + 2));
        // (a thing said to be as a person wrote it is a string: "the appointment's note, exactly
        // as the doctor typed it")
        let written = as_given(s, k)
            && s[k + 1..]
                .iter()
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, &["wrote", "written", "typed", "entered"]));
        // (the thing said as given holds a string: a name, a title, a text, or a list of those
        // who have names; the API's own name is none)
        // (said with no "exactly", a source's giving is a claim of wholeness of a long text)
        let plain_source = as_given(s, k)
            && !(k > 0 && is_word(&s[k - 1], EXACTLY))
            && s[k + 1..].iter().take(6).any(|x| is_word(x, SOURCES));
        let holds_a_string = s.iter().any(|x| {
            if plain_source {
                is_word(x, LONG_TEXTS)
            } else {
                is_word(x, STRINGS)
            }
        });
        if said || s.iter().any(|x| is_word(x, NEGATIONS)) || !(written || holds_a_string) {
            continue;
        }
        push(
            out,
            Rule::Directive,
            at,
            "a string of the answer said to be whole, as the clinic API sent it: every string passes the server's output screen, which may take characters out, cut it or withhold it".to_owned(),
        );
    }
}

/// The things whose records hold an id of `thing` in a tool's answer ("appointments.slot_id":
/// an appointment's; "slots.slot_id": a slot's own): empty when the answer holds no such id, and
/// `None` for a tool this server does not serve. A record is its list's or object's thing, or, at
/// the top of an answer, the thing of the answer's first field.
pub fn id_records(tool: &str, thing: Thing) -> Option<Vec<Thing>> {
    let fields = output_of(tool)?;
    let all = paths(fields);
    let top = fields.first().map(|f| f.of);
    Some(
        all.iter()
            .filter(|(_, f)| f.value == Value::Id && f.of == thing)
            .filter_map(|(path, _)| match path.rsplit_once('.') {
                Some((parent, _)) => all.iter().find(|(p, _)| p == parent).map(|(_, f)| f.of),
                None => top,
            })
            .collect(),
    )
}

/// Whether the word at `k` of `clause` is said in a relative clause of another tool named before
/// it ("as returned by find_available_slots, which searches the next 7 days by default"): its
/// window and its default are that tool's, not the one the text describes.
pub(crate) fn of_a_named_tool(clause: &[&Tok], k: usize) -> bool {
    (0..k).any(|j| {
        let x = clause[j];
        let tool = x.kind == Kind::Ident && OUTPUTS.iter().any(|(t, _)| x.text == *t);
        let rel = if clause.get(j + 1).is_some_and(|n| n.kind == Kind::Comma) {
            j + 2
        } else {
            j + 1
        };
        tool && rel < k
            && is_word_at(clause, rel, &["which", "that", "whose"])
            && clause[rel..k].iter().all(|y| y.kind != Kind::Comma)
    })
}

/// The names each of an answer's counts goes by, as a text says them: a page's number, its
/// size, the number of pages and the number of items; an intake's days and severity. Each
/// names its own field and no other.
#[rustfmt::skip]
const COUNT_NAMES: &[(&str, &[&[&str]])] = &[
    ("page", &[&["page", "number"], &["current", "page"], &["this", "page"]]),
    ("limit", &[&["page", "size"], &["size", "of", "a", "page"], &["size", "of", "the", "page"], &["per", "page"], &["limit"]]),
    ("total_pages", &[&["number", "of", "pages"], &["total", "pages"], &["last", "page"], &["page", "count"], &["count", "of", "pages"], &["pages", "in", "all"]]),
    ("total", &[&["number", "of", "appointments"], &["count", "of", "appointments"], &["appointments", "in", "all"], &["total", "count"]]),
    ("duration_days", &[&["number", "of", "days"], &["duration"], &["days", "since"]]),
    ("severity", &[&["severity"]]),
];

/// The count of `fields` a name at `k` of `toks` names, with the end of the name: the longest
/// name of [`COUNT_NAMES`] there whose field the answer holds.
fn count_named(toks: &[Tok], k: usize, fields: &'static [Field]) -> Option<(&'static str, usize)> {
    let held = paths(fields);
    COUNT_NAMES
        .iter()
        .filter(|(name, _)| held.iter().any(|(_, f)| f.name == *name))
        .flat_map(|(name, names)| names.iter().map(move |n| (*name, *n)))
        .filter(|(_, n)| (0..n.len()).all(|j| toks.get(k + j).is_some_and(|t| is_word(t, &[n[j]]))))
        .max_by_key(|(_, n)| n.len())
        .map(|(name, n)| (name, k + n.len()))
}

/// An output's description that names one count of the answer and says it is another ("Page
/// number of the last page", "Page size: the number of pages", "Severity: the number of
/// days"): the agent reads the one field as the other. The first count is named within the
/// text's first three words; the second is the whole phrase after its "of", or after a ":",
/// ";" or "," beside it.
pub(crate) fn count_said_another(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(fields) = output_of(tool) else {
        return;
    };
    let Some((first, end)) = (0..toks.len().min(3))
        .take_while(|&k| toks[k].kind == Kind::Word)
        .find_map(|k| count_named(toks, k, fields))
    else {
        return;
    };
    let Some(next) = toks.get(end) else {
        return;
    };
    if !(is_word(next, &["of"])
        || matches!(next.kind, Kind::Stop | Kind::Comma) && next.text != ".")
    {
        return;
    }
    let mut at = end + 1;
    while toks
        .get(at)
        .is_some_and(|t| is_word(t, &["the", "a", "an", "its"]))
    {
        at += 1;
    }
    let Some((second, stop)) = count_named(toks, at, fields) else {
        return;
    };
    let whole = toks.get(stop).is_none_or(|t| t.kind != Kind::Word);
    if whole && second != first {
        push(
            out,
            Rule::Directive,
            &toks[at],
            format!(
                "an output named as the answer's `{first}` and said to be its `{second}`: each count of the answer of {tool} is its own field"
            ),
        );
    }
}

/// A doctor or a specialty said to have open slots in the description of a tool whose answer
/// holds no slot ("The doctors, ordered by id; each has open slots", "Doctor id, of a doctor with
/// open slots", "Exact specialty name of a specialty with open slots"): the doctor list holds
/// every doctor, open slots or not, and only a slot search reads the slots. The agent offers a
/// doctor as bookable, or passes over one who is. Read in a phrase with no denial and no other
/// tool named: "with", "has", "have" or "having", then "open", "free", "available" or
/// "bookable", then "slot" or "slots".
pub(crate) fn open_slots_said(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(fields) = output_of(tool) else {
        return;
    };
    if paths(fields).iter().any(|(_, f)| f.of == Thing::Slot) {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop) {
        if s.iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(x, &["no", "without", "regard"])
                || x.text.contains('_')
        }) {
            continue;
        }
        let hit = s.iter().enumerate().find(|&(k, t)| {
            is_word(t, &["with", "has", "have", "having"])
                && is_word_at(s, k + 1, OPEN)
                && (is_word_at(s, k + 2, &["slot", "slots"])
                    || (is_word_at(s, k + 2, &["appointment"])
                        && is_word_at(s, k + 3, &["slot", "slots"])))
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "a doctor or a specialty said to have open slots: {tool}'s answer holds no slot and names a doctor open slots or not; find_available_slots reads the slots"
                ),
            );
            return;
        }
    }
}

/// Whether exactly one field of `owner`'s, a single value, is named by `word` in the answers:
/// a protocol's title, a doctor's name (a slot's times are two, its start and its end).
fn one_field_named(owner: Thing, word: &str) -> bool {
    fn walk(fields: &'static [Field], owner: Thing, word: &str, found: &mut Vec<&'static str>) {
        for field in fields {
            let single = !matches!(field.value, Value::List | Value::Object);
            if field.of == owner
                && single
                && field.words.contains(&word)
                && !found.contains(&field.name)
            {
                found.push(field.name);
            }
            walk(field.holds, owner, word, found);
        }
    }
    let mut found = Vec::new();
    for (_, fields) in OUTPUTS {
        walk(fields, owner, word, &mut found);
    }
    found.len() == 1
}

/// What each thing has one of said many in other words: a plural of a single field of one
/// thing ("titles of the protocol"), a thing said to belong to many ("the appointments it
/// belongs to": an intake is of one appointment, an appointment of one patient and clinic), or
/// many oncall doctors of a clinic ("now with every oncall doctor of the clinic": the
/// escalation reassigns to the one oncall doctor of the same clinic). A sentence that denies
/// it passes.
pub(crate) fn one_held_said_many(toks: &[Tok], out: &mut Vec<Violation>) {
    const OWNERS: [Thing; 6] = [
        Thing::Appointment,
        Thing::Slot,
        Thing::Doctor,
        Thing::Clinic,
        Thing::Intake,
        Thing::Protocol,
    ];
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        if s.iter()
            .any(|t| is_word(t, NEGATIONS) || is_word(t, &["no", "exactly", "only", "single"]))
        {
            continue;
        }
        let hit = s.iter().enumerate().find_map(|(k, t)| {
            if t.kind != Kind::Word || !t.text.ends_with('s') {
                return None;
            }
            // "titles of the protocol"
            if is_word_at(s, k + 1, &["of"]) && is_word_at(s, k + 2, &["the", "this", "its"]) {
                let owner = s.get(k + 3)?;
                let one = OWNERS
                    .iter()
                    .find(|o| o.words().first() == Some(&owner.text.as_str()));
                if let Some(&o) = one
                    && !is_word_at(s, k + 4, &["and", "or"])
                    && one_field_named(o, &t.text)
                    && one_field_named(o, &t.text[..t.text.len() - 1])
                {
                    return Some((t, "a single field of one thing said many"));
                }
            }
            let thing_many = OWNERS
                .iter()
                .chain(&[Thing::Patient])
                .any(|o| o.words().get(1) == Some(&t.text.as_str()));
            // "the appointments it belongs to", "it belongs to several appointments"
            let belongs = |x: &Tok| is_word(x, &["belongs", "belong"]);
            // (the object of "belongs to": "Protocols that belong to another clinic" are many
            // owned, and pass)
            let object_gap = s[k + 1..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["it", "this"]))
                && s[k + 1..].iter().take(4).any(belongs);
            let after_belongs = s[..k]
                .iter()
                .rev()
                .take(4)
                .position(belongs)
                .is_some_and(|p| is_word_at(s, k - p, &["to"]));
            if thing_many && (object_gap || after_belongs) {
                return Some((t, "a thing said to belong to many"));
            }
            // "the oncall doctors of the clinic", "every oncall doctor"
            if is_word(t, &["doctors"]) && k >= 1 && is_word(&s[k - 1], &["oncall"]) {
                return Some((t, "many oncall doctors"));
            }
            None
        });
        let every_oncall = s.windows(3).find(|w| {
            is_word(&w[0], &["every", "each", "all", "any"])
                && is_word(&w[1], &["oncall"])
                && is_word(&w[2], &["doctor"])
        });
        if let Some((t, what)) = hit.or(every_oncall.map(|w| (&w[1], "many oncall doctors"))) {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "{what}: each thing is of one other, and has one of each of its fields (a clinic has one oncall doctor, an intake one appointment, a protocol one title)"
                ),
            );
            return;
        }
    }
}

/// The words that say an instant is when something was done ("was booked", "was made", "the
/// doctor confirmed it"), beside the past forms ending in "-ed".
/// (a person's seeing or reading is an act too: "was seen by the doctor", "the doctor last
/// read")
const DONE: &[&str] = &[
    "made", "done", "taken", "given", "sent", "set", "put", "began", "begun", "seen", "saw",
    "shown", "read", "viewed", "opened",
];

/// The words an output's description of an instant opens with: "When …", "Date …", "Time …".
const AN_INSTANT: &[&str] = &["when", "date", "time", "moment", "instant"];

/// The words before a past form that make it a state or a thing's kind, not an act done at an
/// instant ("the booked slot", "is scheduled").
const NOT_DONE: &[&str] = &[
    "the", "a", "an", "its", "this", "that", "each", "every", "one", "their", "is", "are", "be",
];

/// An output's description that opens with the instant of an act done to the answer's thing
/// ("When the appointment was booked", "When the doctor confirmed it", "When the slot was made
/// open", "When the intake was seen by the doctor", "Date the doctor last read the protocol";
/// no answer holds when a person saw or read anything): the answer's instants are only those of its fields (`start` and `end` of the visit or
/// the slot, an intake's `recorded`, a protocol's `reviewed`, the window searched), so the agent
/// tells the patient the visit is at another time. An act named by a field of them is its
/// instant ("When the intake was recorded").
pub(crate) fn instant_of_an_act(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(fields) = output_of(tool) else {
        return;
    };
    if !toks.first().is_some_and(|t| is_word(t, AN_INSTANT)) {
        return;
    }
    let held: Vec<&str> = paths(fields)
        .iter()
        .filter(|(_, f)| {
            f.value == Value::Time || f.holds.first().is_some_and(|h| h.of == Thing::Instant)
        })
        .map(|(_, f)| f.name)
        .collect();
    let visit = held.iter().any(|n| *n == "start" || *n == "end");
    let end = toks
        .iter()
        .position(|t| matches!(t.kind, Kind::Comma | Kind::Stop))
        .unwrap_or(toks.len());
    for j in 2..end {
        let t = &toks[j];
        let past = t.kind == Kind::Word
            && (t.text.len() > 4 && t.text.ends_with("ed") || is_word(t, DONE));
        if !past || toks[j - 1].kind != Kind::Word || is_word(&toks[j - 1], NOT_DONE) {
            continue;
        }
        // (the instant of a field of the answer: "recorded", "reviewed", the visit's start)
        let own = held.iter().any(|n| t.text == *n)
            || visit && is_word(t, &["started", "began", "begun", "ended"]);
        if own {
            return;
        }
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "an instant said to be when \"{}\" was done: the answer of {tool} holds no such instant, only {}",
                t.text,
                held.join(", ")
            ),
        );
        return;
    }
}

/// Words that give a count a scope of each of some things ("per clinic", "for each doctor").
const EACH: &[&str] = &["each"];

/// An output's description of a count that gives it a scope the answer's counts do not have
/// ("How many doctors the clinic has", "Number of doctors with this specialty per clinic",
/// "… in one clinic", "… near the patient", "Open slots found for each doctor", "… on the first
/// day of the window", "Number of pages, one for each day"): each count of an answer is over its
/// whole list (every clinic, every doctor searched, every page) or of the thing its field is of
/// (a specialty's doctors, a page's size), so the agent reports a part as the whole. A scope is
/// said by "per", "for/of/in each", "in one", "near", "on" a day or a week, or "<a thing> has".
pub(crate) fn count_scoped(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(fields) = output_of(tool) else {
        return;
    };
    let counts: Vec<&Field> = paths(fields)
        .into_iter()
        .filter(|(_, f)| f.value == Value::Count)
        .map(|(_, f)| f)
        .collect();
    // (the things the counts are of, and each list's items: "per page", "for each specialty")
    let mut own: Vec<&str> = counts
        .iter()
        .flat_map(|f| f.of.words().iter().copied())
        .collect();
    own.extend(
        fields
            .iter()
            .filter(|f| f.value == Value::List)
            .flat_map(|f| f.of.words().iter().copied()),
    );
    let Some(k0) = toks.iter().position(|t| {
        is_word(t, &["number", "count", "many", "total", "found"])
            || is_word(t, &["pages"]) && counts.iter().any(|f| f.name == "total_pages")
    }) else {
        return;
    };
    let scoped = |x: &Tok| {
        x.kind == Kind::Word
            && (a_thing(&x.text) || is_word(x, TIME_UNITS) || is_word(x, &["window"]))
            && !own.iter().any(|w| w.eq_ignore_ascii_case(&x.text))
    };
    let skip = |mut j: usize| {
        while toks
            .get(j)
            .is_some_and(|x| is_word(x, &["the", "a", "this", "that", "its", "first", "same"]))
        {
            j += 1;
        }
        j
    };
    for k in k0..toks.len() {
        let t = &toks[k];
        let at = if is_word(t, &["per"]) {
            Some(skip(k + 1))
        } else if is_word(t, &["for", "of", "in"]) && is_word_at(toks, k + 1, EACH)
            || is_word(t, &["in", "at"]) && is_word_at(toks, k + 1, &["one"])
        {
            Some(k + 2)
        } else if is_word(t, &["near"]) {
            // (a place near someone: no answer is narrowed by a place)
            push(
                out,
                Rule::Directive,
                t,
                format!("a count of {tool} said of a place: it counts its whole list"),
            );
            return;
        } else if is_word(t, &["on"]) {
            Some(skip(k + 1)).filter(|&j| toks.get(j).is_some_and(|x| is_word(x, TIME_UNITS)))
        } else if is_word(t, &["has", "have"])
            && k >= 2
            && k - k0 <= 5
            && is_word(
                &toks[k - 2],
                &["the", "a", "this", "that", "its", "one", "each"],
            )
        {
            // (a possessor of the things counted: "How many doctors the clinic has")
            Some(k - 1)
        } else {
            None
        };
        let Some(x) = at.and_then(|j| toks.get(j)) else {
            continue;
        };
        if scoped(x) {
            push(
                out,
                Rule::Directive,
                x,
                format!(
                    "a count of {tool} said to be of each {} or of one: each count of its answer is over the whole list, or of the thing its field is of",
                    x.text
                ),
            );
            return;
        }
    }
}
