//! What this server's data holds of the things its tools name, and nothing more. The clinic API
//! (`/work/shared/clinic-api.md`) gives a clinic an id, a name, an address and a time zone; a
//! doctor an id, a name, a specialty and a clinic; a slot an id, a doctor, a start and an end; an
//! appointment its status, priority, doctor, slot, times, patient, reason, note and intake; a
//! protocol its title, excerpt, review date and clinic. It fixes no length of a slot (a slot is
//! as long as its start and end say), no mode of a visit, no person at it besides the patient and
//! the doctor, no language of a value, no hours, access or amenity of a clinic, and no place a
//! value is shown but the tool's answer. Such a property said of a tool this server serves is
//! false, and an agent repeats it to the patient as a fact. Said of a tool name this server does
//! not serve it is that tool's own: the writer of another clinic's tool can state its visits'
//! length, its reminders and its channels.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The things the data holds records of.
const ENTITIES: &[&str] = &[
    "clinic",
    "clinics",
    "doctor",
    "doctors",
    "slot",
    "slots",
    "visit",
    "visits",
    "appointment",
    "appointments",
    "protocol",
    "protocols",
];

/// Places of a clinic the data holds nothing of: a clinic is its id, name, address and zone.
const PLACES: &[&str] = &[
    "building",
    "buildings",
    "reception",
    "site",
    "sites",
    "entrance",
    "office",
    "offices",
    "premises",
    "room",
    "rooms",
];

/// What the data holds beside its records ([`ENTITIES`]), their statuses and priorities:
/// their fields, the people of an appointment, and the words of the server's own answer and
/// arguments. A property whose words name none of these is no datum of this server.
const HOLDINGS: &[&str] = &[
    "id",
    "ids",
    "name",
    "names",
    "address",
    "zone",
    "timezone",
    "specialty",
    "specialties",
    "patient",
    "patients",
    "caller",
    "owner",
    "status",
    "priority",
    "start",
    "end",
    "time",
    "times",
    "date",
    "dates",
    "reason",
    "note",
    "notes",
    "intake",
    "symptoms",
    "severity",
    "triage",
    "level",
    "title",
    "excerpt",
    "text",
    "body",
    "words",
    "oncall",
    "nobody",
    "schedule",
    "answer",
    "result",
    "list",
    "page",
    "key",
    "token",
    "value",
    "field",
    "response",
    "default",
    "limit",
    "pages",
    "size",
    "number",
    "characters",
    "api",
    "server",
    "tool",
    "total",
    "count",
    "duration",
    "booking",
    "review",
    "full",
    "utc",
    "one",
    "ones",
];

/// Whether a word names a holding, in the singular or the plural ("addresses", "titles",
/// "statuses").
fn held(t: &Tok) -> bool {
    let w = t.text.to_ascii_lowercase();
    let one = |stem: Option<&str>| stem.is_some_and(|s| HOLDINGS.contains(&s));
    is_word(t, ENTITIES)
        || is_word(t, HOLDINGS)
        || is_word(t, APPOINTMENT_STATUSES)
        || is_word(t, super::PRIORITIES)
        || one(w.strip_suffix("es"))
        || one(w.strip_suffix('s'))
}

/// A participle or a verb's form after "has": "has written one", "has started" (a tense).
fn participle(t: &Tok) -> bool {
    t.text.len() > 4 && ["ed", "en", "wn"].iter().any(|e| t.text.ends_with(e))
        || verb(&t.text)
            .is_some_and(|(_, _, f)| matches!(f, Form::Participle | Form::Past | Form::Third))
}

/// The units a length of a visit is said in.
const VISIT_UNITS: &[&str] = &["minute", "minutes", "hour", "hours"];

/// Verbs that give a record a property: "has", "takes", "offers".
const HAVING: &[&str] = &[
    "has", "have", "takes", "take", "accepts", "accept", "offers", "offer", "provides", "provide",
];

/// Words that end a property's phrase.
fn phrase_end(t: &Tok) -> bool {
    t.kind == Kind::Stop
        || t.kind == Kind::Comma
        || is_word(t, PREPOSITIONS)
        || is_word(t, &["and", "or", "which", "that", "who", "where", "when"])
}

/// The phrase from `k` to its end (a mark, a preposition, a conjunction or a relative).
fn phrase<'a, 'b>(clause: &'a [&'b Tok], k: usize) -> &'a [&'b Tok] {
    let k = k.min(clause.len());
    let end = clause[k..]
        .iter()
        .position(|t| phrase_end(t))
        .map_or(clause.len(), |p| k + p);
    &clause[k..end]
}

/// A phrase that names no datum: words, none of them a holding, a number or a name.
fn names_no_datum(p: &[&Tok]) -> bool {
    !p.is_empty()
        && p.iter().all(|t| t.kind == Kind::Word && !held(t))
        && p.iter().any(|t| !is_word(t, DETERMINERS))
}

/// A number of minutes or hours at `k` ("30 minutes", "half an hour", "one hour").
fn length_at(clause: &[&Tok], k: usize) -> bool {
    let lead = [
        "half", "an", "a", "one", "two", "three", "ten", "fifteen", "twenty",
    ];
    let mut i = k;
    while i < clause.len()
        && (clause[i].kind == Kind::Ident && clause[i].text.bytes().all(|b| b.is_ascii_digit())
            || is_word(clause[i], &lead))
    {
        i += 1;
    }
    i > k && is_word_at(clause, i, VISIT_UNITS)
}

/// A record or a place as the subject ending at `v` (the verb): its head just before, opened by
/// a determiner or a possessive ("each clinic", "the new visit", "the clinic reception"), or a
/// distributive standing for the records named before: "each" opening its clause ("Open slots;
/// each is …", "…, and each has …") or after them ("clinics each have …"), "each one", "every
/// one".
fn record_subject<'a>(clause: &[&'a Tok], v: usize) -> Option<&'a Tok> {
    let head = clause.get(v.checked_sub(1)?)?;
    if is_word(head, ENTITIES) || is_word(head, PLACES) {
        return Some(head);
    }
    let opens = v == 1
        || clause[v - 2].kind == Kind::Comma
        || is_word(clause[v - 2], &["and"])
        || is_word(clause[v - 2], ENTITIES);
    let each = is_word(head, &["each"]) && opens;
    let each_one = is_word(head, &["one"]) && v >= 2 && is_word(clause[v - 2], &["each", "every"]);
    (each || each_one).then_some(head)
}

/// A property of a record or a place said with "is" or "has" that no field holds: "each slot
/// is 30 minutes long", "the visit is by video", "each clinic is open on holidays", "each
/// clinic has parking", "every doctor takes public insurance", "each protocol is for adults".
fn property_said<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    for v in 1..clause.len() {
        let Some(head) = record_subject(clause, v) else {
            continue;
        };
        let mut p = v + 1;
        while is_word_at(clause, p, &["also", "always", "only", "usually"]) {
            p += 1;
        }
        if is_word(clause[v], HAVING) {
            // "its own parking" is a property as "parking" is; "its own address" a field
            if is_word_at(clause, p, &["its", "their"]) && is_word_at(clause, p + 1, &["own"]) {
                p += 2;
            }
            let object = phrase(clause, p);
            // (a tense, an absence, or a field named as itself: "has written", "has no", "has the
            // `clinicId` null")
            if object
                .first()
                .is_some_and(|o| participle(o) || is_word(o, &["no", "not", "the", "its"]))
            {
                continue;
            }
            if names_no_datum(object) {
                return Some(clause[v]);
            }
            continue;
        }
        if !is_word(clause[v], &["is", "are", "stays", "remains"]) {
            continue;
        }
        let Some(next) = clause.get(p) else { continue };
        // a length: "is 15 minutes", "is half an hour long"
        if length_at(clause, p) && !is_word(head, &["clinic", "clinics"]) {
            return Some(next);
        }
        // a place's hours or access: "is open on holidays", "is accessible by wheelchair"
        let place = is_word(head, PLACES) || is_word(head, &["clinic", "clinics"]);
        if place && is_word(next, &["open", "closed", "accessible", "reachable"]) {
            return Some(next);
        }
        // a mode, a party or a place of its own: "is by video", "is for adults", "is at home"
        if is_word(next, &["by", "for", "with", "at"]) && names_no_datum(phrase(clause, p + 1)) {
            return Some(next);
        }
    }
    None
}

/// Words between a distributive and the length it gives each record: "each of 30 minutes",
/// "each one is 30 minutes", "every slot lasts an hour".
const LENGTH_LINKS: &[&str] = &[
    "one",
    "of",
    "is",
    "are",
    "lasts",
    "last",
    "runs",
    "run",
    "slot",
    "slots",
    "visit",
    "visits",
    "appointment",
    "appointments",
];

/// A length fixed for every slot or visit, not in a subject: "End of the slot, 30 minutes after
/// its start", "Start of the slot; each slot is 30 minutes long", "Open slots of 30 minutes
/// each", "open slots, each of half an hour", "slots last 30 minutes". The data's slot is as
/// long as its start and end say. A span of another value is no length of a record ("the same
/// key on each retry within 24 hours").
fn length_fixed<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        if !length_at(clause, k) || k > 0 && length_at(clause, k - 1) {
            return None;
        }
        let unit = (k..clause.len()).find(|&i| is_word(clause[i], VISIT_UNITS))?;
        let long = is_word_at(clause, unit + 1, &["long", "each"]);
        let after_start = is_word_at(clause, unit + 1, &["after"])
            && is_word_at(clause, unit + 2, &["its", "the"])
            && is_word_at(clause, unit + 3, &["start"]);
        // a distributive before it, through linking words only ("each of", "each one is")
        let links = clause[..k]
            .iter()
            .rev()
            .take_while(|x| is_word(x, LENGTH_LINKS))
            .count();
        let each = k > links && is_word(clause[k - links - 1], &["each", "every"]);
        // a record's duration verb: "slots last 30 minutes", "the visit runs an hour"
        // ("in the last 10 minutes" is a time, not a length)
        let lasts = k >= 1
            && is_word(clause[k - 1], &["lasts", "last", "runs", "run"])
            && !(k >= 2 && is_word(clause[k - 2], DETERMINERS))
            && clause[..k - 1]
                .iter()
                .any(|x| is_word(x, ENTITIES) || is_word(x, &["each", "one", "ones"]));
        (long || after_start || each || lasts).then_some(clause[k])
    })
}

/// A party, a mode or a place that no field holds, joined to a value or a record by "with",
/// "at" or "by", or set after it: "Doctor name, with an interpreter at each slot", "at a clinic
/// with parking", ", by video", "accessible by wheelchair", "for the oncall doctor by sms", "a
/// building accessible by wheelchair".
fn joined_property<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        if is_word(t, PLACES) && k > 0 && is_word(clause[k - 1], &["a", "an", "each", "every"]) {
            return Some(t);
        }
        let before = k.checked_sub(1).map(|b| clause[b]);
        // a mark that sets a phrase after a bare noun phrase, the value itself: "Doctor name,
        // with …" (not a sentence's comma: "Find open slots …, with …")
        let set_off = before.is_some_and(|b| b.kind == Kind::Comma)
            && !clause[..k - 1]
                .iter()
                .enumerate()
                .any(|(i, x)| verb(&x.text).is_some_and(|(_, _, f)| f != Form::Base || i == 0));
        let indefinite = is_word_at(clause, k + 1, &["a", "an"]);
        let joined = match t.text.as_str() {
            // after the value or a record: "Doctor name, with …", "a clinic with parking"; a
            // time after a person is no place ("set by the doctor at an escalation")
            "with" => {
                set_off || before.is_some_and(|b| is_word(b, ENTITIES) || is_word(b, &["each"]))
            }
            "at" => set_off && indefinite,
            // a means after a person or a place's adjective ("the doctor by sms", "accessible
            // by wheelchair"); an agent after a participle is no means
            "by" => {
                set_off
                    || before.is_some_and(|b| {
                        is_word(b, &["and", "or", "accessible", "reachable"]) || is_word(b, PEOPLE)
                    })
            }
            _ => false,
        };
        // (an absence is no property: "with no fee"; after a determiner the phrase's own words
        // decide: "with its address" names a field, "with its video link" none)
        if is_word_at(clause, k + 1, &["no", "exactly"]) {
            return None;
        }
        (joined && names_no_datum(phrase(clause, k + 1))).then_some(t)
    })
}

/// A party the data holds no record of, said to be at a record: "an interpreter is at each
/// visit", "an interpreter is available at every visit", "a nurse is present for each
/// appointment", "interpreters are available at every visit" (a bare plural opening its clause).
/// The people of an appointment are its patient and its doctor. A word between the verb and the
/// preposition is a state of the party (not a participle: "a question is shown for each
/// cancellation" is a thing done, read elsewhere).
fn party_present<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (1..clause.len()).find_map(|v| {
        let head = clause[v - 1];
        // (an act is no party: "a rejection is only for a pending appointment")
        let opens = v == 1 || clause[v - 2].kind == Kind::Comma;
        let plural = opens && head.text.len() > 3 && head.text.ends_with('s');
        let fresh = (v >= 2 && is_word(clause[v - 2], &["a", "an"]) || plural)
            && head.kind == Kind::Word
            && !held(head)
            && change_noun(&head.text.to_ascii_lowercase()).is_none();
        if !fresh || !is_word(clause[v], &["is", "are"]) {
            return None;
        }
        let mut p = v + 1;
        while p < v + 3
            && clause.get(p).is_some_and(|x| {
                x.kind == Kind::Word
                    && !is_word(x, PREPOSITIONS)
                    && !held(x)
                    && !participle(x)
                    && !is_word(x, DETERMINERS)
                    && !is_word(x, &["only", "just", "not"])
            })
        {
            p += 1;
        }
        let at = is_word_at(clause, p, &["at", "with", "in", "for"])
            && clause[p + 1..].iter().take(3).any(|x| is_word(x, ENTITIES));
        // (or with a person, at a visit: "a nurse is with the patient at each visit")
        let with = is_word_at(clause, p, &["with"])
            && (p + 1..(p + 4).min(clause.len())).any(|q| {
                is_word(clause[q], PEOPLE)
                    && is_word_at(clause, q + 1, &["at", "in", "during", "for"])
                    && clause[q + 2..].iter().take(3).any(|x| is_word(x, ENTITIES))
            });
        let at = at || with;
        at.then_some(head)
    })
}

/// A kind of visit the data holds no field for, said as a word before it: "the link for the
/// video visit", "for a phone visit". A visit is the appointment: its status and priority are
/// its kinds.
fn visit_kind<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (2..clause.len()).find_map(|k| {
        let kind = clause[k - 1];
        let named = is_word(clause[k], &["visit", "visits"])
            && is_word(clause[k - 2], DETERMINERS)
            && kind.kind == Kind::Word
            && !is_word(kind, DETERMINERS)
            && !is_word(kind, crate::lang::predicates::RELATIVES)
            && !held(kind)
            && !is_word(kind, PEOPLE)
            && !is_word(kind, crate::lang::predicates::STATES)
            && !is_word(
                kind,
                &[
                    "first", "last", "earlier", "later", "previous", "same", "other", "booked",
                ],
            )
            && !kind.text.ends_with("ed");
        named.then_some(kind)
    })
}

/// A value said to be in a language, or shown in a place, that no field holds: "in the
/// patient's language", "in the language of the doctor", "shown in the patient's portal",
/// "also in the patient's calendar". The answer holds what it holds, in the words written.
fn shown_elsewhere<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        // ("on" is a time as often: "shown on the day of the rejection")
        if !is_word(t, &["in", "via"]) {
            return None;
        }
        let p = phrase(clause, k + 1);
        // a person's thing: "the patient's portal" (read "the patient portal"), "the language
        // of the doctor"
        let person_owned = (2..=3).contains(&p.len())
            && is_word(p[p.len() - 2], PEOPLE)
            && (p.len() == 2 || is_word(p[0], DETERMINERS))
            && !held(p[p.len() - 1])
            && !is_word(p[p.len() - 1], PEOPLE)
            || is_word_at(clause, k + 1 + p.len(), &["of"])
                && is_word_at(clause, k + 2 + p.len(), &["the", "a", "each"])
                && is_word_at(clause, k + 3 + p.len(), PEOPLE)
                && names_no_datum(p);
        // shown or set besides the answer: "shown to the patient in the portal", "also in …"
        let whole = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
            .last();
        let shown = clause[..k]
            .iter()
            .any(|x| is_word(x, &["shown", "sent", "displayed", "also"]))
            && names_no_datum(p)
            && whole.is_some_and(|h| !held(h));
        (person_owned || shown).then_some(t)
    })
}

/// A property of a visit, a record or a value that this server's data holds no field for, said
/// of a tool this server serves ([`crate::served::role_of`]); read clause by clause, one
/// violation for each clause.
pub(crate) fn holding_invented(text: &str, tool: &str, out: &mut Vec<Violation>) {
    if crate::served::role_of(tool).is_none() {
        return;
    }
    let toks = tokens(text);
    let clauses = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
    for sentence in clauses {
        let clause: Vec<&Tok> = sentence.iter().collect();
        let clause = clause.as_slice();
        let found = property_said(clause)
            .or_else(|| length_fixed(clause))
            .or_else(|| joined_property(clause))
            .or_else(|| shown_elsewhere(clause))
            .or_else(|| party_present(clause))
            .or_else(|| visit_kind(clause));
        if let Some(t) = found
            && !out.iter().any(|v| v.range == (t.start..t.end))
        {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\": a property of a visit, a clinic, a doctor or a value that this server's data holds no field for (a slot's length is its start and end; the API fixes no mode, party, language, hours, access or channel), said as a fact of a tool this server serves",
                    t.text
                ),
            );
        }
    }
}

// ------------------------------------------------ a person's data said to be in an answer

/// Things of a person that no answer of this server holds, besides the personal data of the
/// data table ([`crate::lang::data::data_kind`]): where a person is, how to reach a person, when a
/// person is free, what a person is.
const PERSON_THINGS: &[&str] = &[
    "location",
    "whereabouts",
    "position",
    "coordinates",
    "gps",
    "home",
    "house",
    "residence",
    "room",
    "bed",
    "office",
    "site",
    "building",
    "calendar",
    "diary",
    "agenda",
    "contact",
    "contacts",
    "pager",
    "fax",
    "extension",
    "line",
    "cell",
    "telephone",
    "device",
    "app",
    "link",
    "handle",
    "chat",
    "availability",
    "shift",
    "shifts",
    "roster",
    "rota",
    "leave",
    "holiday",
    "vacation",
    "presence",
    "language",
    "nationality",
    "gender",
    "sex",
    "religion",
    "weight",
    "height",
    "photo",
    "picture",
    "signature",
    "relatives",
    "spouse",
    "partner",
    "kin",
];

/// The things of a person no route of the clinic API answers for any tool, served or not: how
/// to reach a person, where a person is, a person's calendar.
const NO_ROUTE_HOLDS: &[&str] = &[
    "mobile",
    "phone",
    "telephone",
    "cell",
    "email",
    "pager",
    "fax",
    "extension",
    "contact",
    "contacts",
    "address",
    "addresses",
    "street",
    "home",
    "residence",
    "location",
    "whereabouts",
    "coordinates",
    "gps",
    "calendar",
    "diary",
    "agenda",
];

/// The thing of the answer a person's word names: a patient (or the caller, the owner) or a
/// doctor; another person (a guardian, a nurse) is no thing of any answer.
fn person_thing(t: &Tok) -> Option<super::answers::Thing> {
    use super::answers::Thing;
    if is_word(t, &["patient", "patients", "caller", "callers", "owner"]) {
        Some(Thing::Patient)
    } else if is_word(t, DOCTOR_NAMES) {
        Some(Thing::Doctor)
    } else {
        None
    }
}

/// Whether a word names a thing of a person (`strict`: where the person is, how to reach or
/// see the person, which only a field of the person holds), or a person's medical, age or
/// insurance data (which a field of the answer may hold for the person: an intake's symptoms).
fn person_datum(w: &str) -> Option<bool> {
    use crate::lang::data::{Data, data_kind};
    let one = w.strip_suffix('s').unwrap_or(w);
    if PERSON_THINGS.contains(&w) || PERSON_THINGS.contains(&one) {
        return Some(true);
    }
    match data_kind(w, false)? {
        Data::Personal => Some(true),
        _ => Some(false),
    }
}

/// Words that deny a datum of its list item ("with no phone of the doctor").
const DENIED: &[&str] = &[
    "no", "not", "without", "never", "nor", "none", "nothing", "neither",
];

/// A person's datum said to be in a served tool's answer that the answer (the table of
/// [`super::answers`]) does not hold: "the mobile of the doctor", "the patient's calendar", "the
/// patient location" in an output's description, or in a tool's description where it says
/// what the tool returns. A contact, a place or a calendar is held only by a field of the
/// person; other data (symptoms, a severity) by any field of the answer. The agent promises
/// the patient a channel that does not exist, or shows another person's place as data. A tool
/// this server does not serve is read for a contact, a place or a calendar only.
pub(crate) fn person_datum_held(
    toks: &[Tok],
    tool: &str,
    description: bool,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    // (a tool this server does not serve answers from the same clinic API, whose routes give a
    // person no contact, place or calendar: its answer is read against every answer's fields,
    // for those data only)
    let served = super::answers::output_of(tool);
    let paths: Vec<_> = match served {
        Some(fields) => super::answers::paths(fields),
        None => super::answers::OUTPUTS
            .iter()
            .flat_map(|(_, fields)| super::answers::paths(fields))
            .collect(),
    };
    let said = |w: &str, f: &super::answers::Field| {
        let one = w.strip_suffix('s').unwrap_or(w);
        f.words.iter().any(|x| *x == w || *x == one)
    };
    for (n, clause) in toks
        .split(|t| t.kind == Kind::Stop && t.text != ":")
        .enumerate()
    {
        // in a tool's description, only where it says what a reading tool returns: after
        // "returns" or "includes", or a "with" of its opening clause ("List the doctors, each
        // with …"; not "Each slot overlaps with …")
        let answer_from = if description {
            if mutates {
                continue;
            }
            match clause.iter().position(|t| {
                is_word(
                    t,
                    &["returns", "returning", "holds", "including", "includes"],
                ) || n == 0 && is_word(t, &["with"])
            }) {
                Some(k) => k + 1,
                None => continue,
            }
        } else {
            0
        };
        for k in answer_from..clause.len() {
            let t = &clause[k];
            if t.kind != Kind::Word {
                continue;
            }
            let w = t.text.as_str();
            let Some(strict) = person_datum(w) else {
                continue;
            };
            if served.is_none()
                && !NO_ROUTE_HOLDS.contains(&w)
                && !(strict && crate::served::has_route(tool))
            {
                continue;
            }
            // whose: "… of the doctor", "the phone number of the doctor", "the doctor's …",
            // "the patient location" (not a verb after a bare person: "doctors work at …")
            let mut j = k + 1;
            if is_word_at(
                clause,
                j,
                &["number", "numbers", "details", "address", "line"],
            ) {
                j += 1;
            }
            let of = is_word_at(clause, j, &["of"])
                .then(|| {
                    clause[j + 1..]
                        .iter()
                        .take(3)
                        .take_while(|x| x.kind == Kind::Word)
                        .find(|x| !is_word(x, DETERMINERS) && !is_word(x, &["oncall", "own"]))
                })
                .flatten()
                .filter(|x| is_word(x, PEOPLE) && !x.possessive);
            let before = k
                .checked_sub(1)
                .map(|b| &clause[b])
                .filter(|x| is_word(x, PEOPLE) && (x.possessive || verb(w).is_none()));
            let Some(person) = of.or(before) else {
                continue;
            };
            // (a denied item: "with no phone of the doctor")
            let start = clause[..k]
                .iter()
                .rposition(|x| x.kind == Kind::Comma)
                .map_or(0, |c| c + 1);
            let end = clause[k..]
                .iter()
                .position(|x| x.kind == Kind::Comma)
                .map_or(clause.len(), |c| k + c);
            if clause[start..end].iter().any(|x| is_word(x, DENIED)) {
                continue;
            }
            // (a datum given as an argument, "with the patient's symptoms as the query", or the
            // subject of a verb, "the patient's phone may show another zone", is not the answer's)
            let phrase_end = if of.is_some() {
                clause[k..end]
                    .iter()
                    .position(|x| x.text == person.text)
                    .map_or(k + 1, |p| k + p + 1)
            } else {
                k + 1
            };
            let as_argument = clause[k..end].iter().any(|x| is_word(x, &["as"]));
            let subject = clause.get(phrase_end).is_some_and(|x| {
                is_word(x, crate::lang::words::MODALS)
                    || x.kind == Kind::Word
                        && !is_word(x, &["is", "are", "and", "or"])
                        && verb(&x.text).is_some_and(|(_, _, f)| f != Form::Participle)
            });
            if as_argument || subject {
                continue;
            }
            let thing = person_thing(person);
            let held = paths
                .iter()
                .any(|(_, f)| said(w, f) && (!strict || thing.is_some_and(|th| f.of == th)));
            if held {
                continue;
            }
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" of the {} said to be in the answer of {tool}: no field of it holds a person's {}; the agent would promise data it has not got",
                    t.text, person.text, t.text
                ),
            );
            return;
        }
        let rest: Vec<&Tok> = clause[answer_from.min(clause.len())..].iter().collect();
        let api = served.is_some() || crate::served::has_route(tool);
        if let Some((t, person)) = attribute_unheld(&rest, &paths, served.is_some())
            .or_else(|| whereabouts_said(&rest))
            .or_else(|| {
                api.then(|| attribute_by_relative(&rest, &paths, served.is_some()))
                    .flatten()
            })
        {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" of the {} said to be in the answer of {tool}: the answer holds of a {} only {}; the agent would promise data it has not got",
                    t.text,
                    person.text,
                    person.text.trim_end_matches("'s").trim_end_matches('s'),
                    fields_of(person, &paths)
                ),
            );
            return;
        }
    }
}

/// A person's attribute said by a clause about the person, in an answer of the clinic API:
/// "the days the doctor is off", "the weeks that the doctor works at home", "how to reach the
/// doctor at night". The noun the clause is of is read as the attribute's head, against the
/// answer's fields as [`attribute_unheld`] reads it (of a tool this server does not serve, only
/// the days a person is off or away); "how to" with a verb of reaching is a way of contact,
/// which no route gives.
fn attribute_by_relative<'a>(
    clause: &[&'a Tok],
    paths: &[(String, &'static super::answers::Field)],
    served: bool,
) -> Option<(&'a Tok, &'a Tok)> {
    const REACH: &[&str] = &[
        "reach", "contact", "call", "phone", "page", "email", "text", "message", "find", "visit",
    ];
    for (p, person) in clause.iter().enumerate() {
        let Some(thing) = person_thing(person) else {
            continue;
        };
        if person.possessive {
            continue;
        }
        let mut o = p;
        while o > 0 && is_word(clause[o - 1], DETERMINERS) {
            o -= 1;
        }
        // "how to reach the doctor"
        if o >= 3
            && o < p
            && is_word(clause[o - 1], REACH)
            && is_word(clause[o - 2], &["to"])
            && is_word(clause[o - 3], &["how", "where", "when"])
            && !clause[..o].iter().any(|x| is_word(x, DENIED))
        {
            return Some((clause[o - 3], person));
        }
        // "the days [that] the doctor is off": a noun after its determiner, then the person
        // with a verb of its own
        if o == p || o < 2 {
            continue;
        }
        let mut n = o - 1;
        if is_word(clause[n], &["that", "when", "which"]) && n >= 2 {
            n -= 1;
        }
        let head = clause[n];
        let verb_after = clause.get(p + 1).is_some_and(|x| {
            is_word(x, MODALS)
                || is_word(
                    x,
                    &["is", "are", "was", "were", "has", "have", "works", "stays"],
                )
                || verb(&x.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
        });
        if !verb_after
            || head.kind != Kind::Word
            || !is_word(clause[n - 1], DETERMINERS)
            || is_word(head, DETERMINERS)
            || is_word(head, PREPOSITIONS)
            || is_word(head, PEOPLE)
            || is_word(head, ENTITIES)
            || is_word(head, NOT_ATTRIBUTES)
            || is_word(
                head,
                &["way", "case", "cases", "moment", "day", "time", "times"],
            )
            || verb(&head.text).is_some()
            || clause[..n].iter().any(|x| is_word(x, DENIED))
        {
            continue;
        }
        // (a tool of a route this server does not serve answers what its writer says, but no
        // days a person is off or away)
        let off = clause[p + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word)
            .any(|x| is_word(x, &["off", "away", "absent"]));
        let held = paths
            .iter()
            .any(|(_, f)| names_field(&head.text, f) && owns(thing, f.of));
        if !held && (served || off) {
            return Some((head, person));
        }
    }
    None
}

/// Whether a word (or its singular) names a field: one of its words, or its name.
fn names_field(w: &str, f: &super::answers::Field) -> bool {
    let one = w.strip_suffix('s').unwrap_or(w);
    f.words.iter().any(|x| *x == w || *x == one) || f.name == w
}

/// Words that name no attribute of a person but a thing the answer is of, an act, or the
/// person's words and needs in general ("the patient's own appointments", "the doctor's
/// decision", "the patient's details").
const NOT_ATTRIBUTES: &[&str] = &[
    "schedule",
    "schedules",
    "list",
    "lists",
    "page",
    "pages",
    "booking",
    "bookings",
    "intake",
    "intakes",
    "details",
    "data",
    "info",
    "information",
    "record",
    "records",
    "request",
    "requests",
    "answer",
    "answers",
    "reply",
    "choice",
    "choices",
    "decision",
    "decisions",
    "consent",
    "approval",
    "behalf",
    "side",
    "view",
    "turn",
    "own",
    "one",
    "ones",
    "care",
    "case",
    "cases",
    "needs",
    "need",
    "words",
    "text",
    "question",
    "questions",
    "part",
    "account",
    "session",
    "token",
    "role",
    "access",
    "work",
    "way",
    "sake",
    "name",
    "names",
    "consultation",
    "consultations",
    "referral",
    "referrals",
    "true",
    "false",
    "null",
];

/// Does a field of the thing `of` belong to a person of `thing`: a doctor has its own fields,
/// its clinic, its specialty, its slots and its appointments; a patient its own fields, its
/// appointments, their slots and its intake; an instant is either's time.
fn owns(thing: super::answers::Thing, of: super::answers::Thing) -> bool {
    use super::answers::Thing as T;
    of == thing
        || matches!(of, T::Appointment | T::Slot | T::Instant)
        || thing == T::Doctor && matches!(of, T::Clinic | T::Specialty)
        || thing == T::Patient && of == T::Intake
}

/// The fields an answer holds of a person, as a refusal lists them.
fn fields_of(person: &Tok, paths: &[(String, &'static super::answers::Field)]) -> String {
    let Some(thing) = person_thing(person) else {
        return "nothing".to_owned();
    };
    let mut names: Vec<&str> = paths
        .iter()
        .filter(|(_, f)| f.of == thing && f.holds.is_empty())
        .map(|(_, f)| f.name)
        .collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        "nothing".to_owned()
    } else {
        names.join(", ")
    }
}

/// A person's attribute said to be in a served tool's answer (`served`; any other tool's is read
/// for a number or days off only), read closed-world: the head of
/// the noun phrase a patient or a doctor owns ("the doctor's own number", "the patient's ward",
/// "the days off of the doctor") names no field the answer holds of that person or of what the
/// person owns (its appointments, slots, clinic, specialty, intake). The answer's fields are
/// known ([`super::answers::OUTPUTS`]; a tool this server does not serve is read against every
/// answer's, the clinic API's routes giving no more), so a thing of a person none of them names
/// is one the agent would promise and invent.
fn attribute_unheld<'a>(
    clause: &[&'a Tok],
    paths: &[(String, &'static super::answers::Field)],
    served: bool,
) -> Option<(&'a Tok, &'a Tok)> {
    let stops = |x: &Tok| {
        x.kind != Kind::Word
            || is_word(x, PREPOSITIONS)
            || is_word(
                x,
                &[
                    "and", "or", "but", "nor", "that", "which", "who", "if", "when",
                ],
            )
            || is_word(x, MODALS)
            || is_word(
                x,
                &[
                    "is", "are", "was", "were", "be", "been", "has", "have", "had",
                ],
            )
    };
    let particle = |x: &Tok| is_word(x, &["off", "away", "out"]);
    for (p, person) in clause.iter().enumerate() {
        let Some(thing) = person_thing(person) else {
            continue;
        };
        // the phrase the person owns, and its head
        let (phrase, head_at): (&[&Tok], usize) = if person.possessive {
            let n = clause[p + 1..].iter().take_while(|x| !stops(x)).count();
            if n == 0 {
                continue;
            }
            (&clause[p + 1..p + 1 + n], p + n)
        } else {
            // "X of the doctor", "X off of the doctor" (one person, named with its article: "the
            // number of doctors" counts them)
            let mut o = p;
            while o > 0 && is_word(clause[o - 1], DETERMINERS) {
                o -= 1;
            }
            if o == p
                || person.text.ends_with('s')
                || o < 2
                || !is_word(clause[o - 1], &["of"])
                || is_word(clause[o - 2], &["number", "count", "total", "numbers"])
            {
                continue;
            }
            let mut h = o - 2;
            while h > 0 && particle(clause[h]) {
                h -= 1;
            }
            if stops(clause[h]) || is_word(clause[h], DETERMINERS) {
                continue;
            }
            (&clause[h..=h], h)
        };
        let head = clause[head_at];
        let w = head.text.as_str();
        // (a tool this server does not serve answers what its writer says, but from the same
        // API, whose routes give no person's own number or days off)
        let off = clause
            .get(head_at + 1)
            .is_some_and(|x| is_word(x, &["off"]));
        if !(served || off || person.possessive && is_word(head, &["number", "numbers"])) {
            continue;
        }
        if w.len() < 3
            || !w.chars().all(|c| c.is_ascii_alphabetic())
            || is_word(head, DETERMINERS)
            || is_word(head, PEOPLE)
            || is_word(head, ENTITIES)
            || is_word(head, NOT_ATTRIBUTES)
            // (a rank or an adverb after the phrase is said of it: "the doctor's advice second")
            || is_word(
                head,
                &[
                    "first", "second", "third", "last", "next", "less", "more", "most", "least",
                    "only", "too", "also", "again", "so", "higher", "lower",
                ],
            )
            || change_noun(w).is_some()
            || person_datum(w).is_some()
            || !person.possessive
                && verb(w)
                    .is_some_and(|(_, _, f)| matches!(f, Form::Past | Form::Participle | Form::Ing))
        {
            continue;
        }
        // (an id or a number of a thing the person owns: "the patient's appointment number")
        let of_a_thing = is_word(
            head,
            &["id", "ids", "number", "numbers", "code", "reference"],
        ) && phrase.iter().any(|x| {
            is_word(x, ENTITIES) || is_word(x, &["clinic", "slot", "appointment", "intake"])
        });
        // (a count is of a list, never a person's: "the number of doctors")
        // (a thing of a held field: "the patient's own score of severity")
        let of_held = is_word_at(clause, head_at + 1, &["of"])
            && clause.get(head_at + 2).is_some_and(|x| {
                paths.iter().any(|(_, f)| names_field(&x.text, f))
                    || person_datum(&x.text).is_some()
            });
        let held = of_a_thing
            || of_held
            || paths.iter().any(|(_, f)| {
                names_field(w, f)
                    && owns(thing, f.of)
                    && (f.value != super::answers::Value::Count
                        || f.of == super::answers::Thing::Intake)
            });
        if held {
            continue;
        }
        // (denied: "with no number of the doctor"; the subject of a verb: "the doctor's ward
        // may differ")
        let start = clause[..head_at]
            .iter()
            .rposition(|x| x.kind == Kind::Comma)
            .map_or(0, |c| c + 1);
        let end = clause[head_at..]
            .iter()
            .position(|x| x.kind == Kind::Comma)
            .map_or(clause.len(), |c| head_at + c);
        if clause[start..end].iter().any(|x| is_word(x, DENIED)) {
            continue;
        }
        // (the object of a statement, not an item of the answer: "which can differ from the
        // patient's own zone")
        if clause[start..p.min(head_at)].iter().any(|x| {
            is_word(x, MODALS) || is_word(x, &["is", "are", "was", "were", "which", "that"])
        }) {
            continue;
        }
        let after = if person.possessive {
            head_at + 1
        } else {
            p + 1
        };
        // (said of, not listed: "the zone of the patient and the zone of the clinic can differ")
        if clause[after.min(clause.len())..]
            .iter()
            .any(|x| is_word(x, MODALS) || is_word(x, &["is", "are", "was", "were"]))
        {
            continue;
        }
        if clause.get(after).is_some_and(|x| {
            is_word(x, MODALS)
                || x.kind == Kind::Word
                    && !is_word(x, &["and", "or", "for", "at", "in", "on", "of", "with"])
                    && verb(&x.text).is_some_and(|(_, _, f)| f != Form::Participle)
        }) {
            continue;
        }
        return Some((head, person));
    }
    None
}

/// Where a person is said to be, as a thing of the answer ("…, and where the doctor is at each
/// hour", "with where the patient stays"): no answer of the clinic API holds a person's place.
/// A "where" after a noun is a relative clause of that place ("the clinic where the doctor
/// works"), which is the doctor's clinic.
fn whereabouts_said<'a>(clause: &[&'a Tok]) -> Option<(&'a Tok, &'a Tok)> {
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        if !is_word(t, &["where", "wherever"]) {
            return None;
        }
        let free = k == 0
            || clause[k - 1].kind != Kind::Word
            || is_word(
                clause[k - 1],
                &[
                    "and",
                    "or",
                    "with",
                    "of",
                    "about",
                    "shows",
                    "holds",
                    "returns",
                    "tells",
                    "says",
                    "including",
                    "includes",
                    "plus",
                ],
            );
        if !free || clause[..k].iter().any(|x| is_word(x, DENIED)) {
            return None;
        }
        let person = clause[k + 1..]
            .iter()
            .take(3)
            .find(|x| person_thing(x).is_some() || is_word(x, PEOPLE))?;
        let at = clause.iter().position(|x| std::ptr::eq(*x, *person))?;
        clause
            .get(at + 1)
            .is_some_and(|x| {
                is_word(
                    x,
                    &[
                        "is", "are", "was", "will", "stays", "stay", "sits", "lives", "live",
                        "can", "may", "goes", "spends",
                    ],
                )
            })
            .then_some((t, *person))
    })
}
