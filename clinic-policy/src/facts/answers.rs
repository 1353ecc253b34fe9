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
const START: &[&str] = &["start", "starts", "time", "times", "date", "dates", "when"];
const END: &[&str] = &["end", "ends", "time", "times", "date", "dates", "when"];

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
    "utc", "instant", "match", "matches", "size", "window", "state", "zone", "zones",
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
                || crate::facts::served::ARGS
                    .iter()
                    .any(|a| a.tool == tool && x.text.trim_matches('`') == a.name)
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
