//! Data a parameter may describe: the kinds, the small table of which tool takes which, and the
//! readings of a parameter that asks for more.

use super::words::*;
use crate::types::{Rule, Violation};

/// Data a parameter may describe, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Data {
    /// Where a person lives and how to reach them, their documents, accounts and income.
    Personal,
    /// How old a person is, or when they were born.
    Age,
    /// A person's health insurance.
    Insurance,
    /// Symptoms, conditions, history, severity.
    Medical,
    /// What a person said or asked: questions, answers, earlier text.
    Conversation,
}

pub(crate) const PERSONAL_WORDS: &[&str] = &[
    "address",
    "addresses",
    "street",
    "city",
    "cities",
    "country",
    "countries",
    "phone",
    "email",
    "passport",
    "card",
    "bank",
    "account",
    "ssn",
    "income",
    "pin",
    "pins",
    "otp",
    "passcode",
    "passcodes",
    "billing",
    "payment",
    "payments",
    "mobile",
    "invoice",
    "receipt",
    "family",
    "children",
    "child",
    "colleague",
    "colleagues",
    "work",
    "employer",
];
/// A medical word: a condition, or another word of the patient's medical data.
pub(crate) fn medical(t: &Tok) -> bool {
    is_word(t, MEDICAL_WORDS) || is_word(t, CONDITIONS)
}

/// What a person has: a symptom, an injury or an illness. No text of ours says what one is,
/// causes, follows or needs ([`super::predicates::condition_said`]).
pub(crate) const CONDITIONS: &[&str] = &[
    "pain",
    "pains",
    "fever",
    "fevers",
    "cough",
    "headache",
    "headaches",
    "rash",
    "rashes",
    "bleeding",
    "dizziness",
    "nausea",
    "vomiting",
    "injury",
    "injuries",
    "disease",
    "diseases",
    "infection",
    "infections",
    "illness",
    "swelling",
    "allergy",
    "allergies",
];
/// Medical words besides the conditions ([`CONDITIONS`]); [`medical`] reads both.
pub(crate) const MEDICAL_WORDS: &[&str] = &[
    "condition",
    "conditions",
    "complaint",
    "complaints",
    "sleep",
    "food",
    "substances",
    "symptom",
    "symptoms",
    "severity",
    "chest",
    "breathing",
    "chronic",
    "acute",
    "onset",
    "history",
    "diagnosis",
    "diagnoses",
    "medication",
    "medications",
    "medicine",
    "prescription",
    "prescriptions",
    "triage",
    "assessment",
    "weight",
    "height",
    "pulse",
    "temperature",
    "pressure",
    "vitals",
    "asthma",
    "disability",
    "lab",
    "blood",
    "vaccination",
    "vaccinations",
    "surgery",
    "therapy",
    "mental",
    "reaction",
    "wheelchair",
    "mobility",
    "pregnancy",
    "pregnant",
    "disabilities",
    "disabled",
];
pub(crate) const CONVERSATION_WORDS: &[&str] = &[
    "question",
    "questions",
    "answer",
    "answers",
    "request",
    "requests",
    "text",
    "words",
    "word",
    "chat",
    "conversation",
    "message",
    "messages",
    "transcript",
    "details",
];
/// Words that make conversation words about what a person said before ("earlier questions",
/// "answers since the booking"; and [`so_far`]).
pub(crate) const SAID: &[&str] = &[
    "earlier", "past", "before", "previous", "last", "all", "every", "whole", "full", "so", "gave",
    "given", "since", "opening", "initial",
];

/// A time back to the start of what was said: "up to this point", "up to here", "up to now",
/// "from the start", "to date", "thus far", "until now".
fn so_far(clause: &[&Tok]) -> bool {
    clause.windows(2).any(|w| {
        (is_word(w[0], &["to"]) && is_word(w[1], &["date", "here", "now"]))
            || (is_word(w[0], &["thus", "until", "till"]) && is_word(w[1], &["far", "now"]))
    }) || clause.windows(3).any(|w| {
        is_word(w[0], &["from", "since", "to"])
            && is_word(w[1], &["the", "this"])
            && is_word(w[2], &["start", "beginning", "point", "step", "moment"])
    })
}

/// Which kinds of data a tool may take as parameters: the small table `docs/POLICY.md` shows.
/// - a tool that records symptoms or an intake: medical data, the patient's age and insurance
///   (what an intake form asks);
/// - one that registers or updates a person: personal data, age and insurance;
/// - one that books, schedules or queues a visit: the patient's age, which its eligibility
///   limits are stated against;
/// - no tool takes what a person said.
pub(crate) fn data_allowed(tool: &str) -> &'static [Data] {
    let parts: Vec<&str> = tool.split('_').collect();
    let has = |w: &[&str]| parts.iter().any(|p| w.contains(p));
    if has(&["symptom", "symptoms", "intake", "intakes", "triage"]) {
        &[Data::Medical, Data::Age, Data::Insurance]
    } else if has(&["register", "profile", "contact", "registration"]) {
        &[Data::Personal, Data::Age, Data::Insurance]
    } else if has(&["book", "schedule", "reserve", "waiting", "waitlist"]) {
        &[Data::Age]
    } else {
        &[]
    }
}

/// A tool of the patient's own appointments, waiting list or intake: the patient's own visits
/// are its topic.
pub(crate) fn of_appointments(tool: &str) -> bool {
    tool.split('_')
        .any(|p| matches!(p, "appointment" | "appointments" | "waiting" | "intake"))
}

/// A tool that searches the clinic's protocols takes a condition as what to search for: a
/// medical word names a topic there, unless a person is named whose data it would be.
pub(crate) fn topics(tool: &str) -> bool {
    tool.split('_')
        .any(|p| matches!(p, "protocol" | "protocols"))
}

/// What "health" heads as a person's data ("health notes", "the health of the patient"); alone
/// it is no datum ("health insurance number", "occupational health").
pub(crate) const HEALTH_DATA: &[&str] = &[
    "notes",
    "note",
    "data",
    "record",
    "records",
    "history",
    "status",
    "score",
    "information",
    "details",
    "problems",
    "issues",
];

/// Why a person comes: "the reason for the visit" is the complaint, medical data to a tool that
/// takes none of a person's data (a queue may carry a short reason; a tool of a contract route
/// asks only for the text its route carries, `facts::bodies`).
pub(crate) const WHY_WORDS: &[&str] = &["reason", "reasons", "purpose", "cause", "causes"];
/// What a person comes for.
pub(crate) const VISITS: &[&str] = &[
    "visit",
    "visits",
    "appointment",
    "appointments",
    "consultation",
    "consultations",
    "referral",
];

/// "The total_pages field of each answer": the answer at `k` is the API's answer to a call, named
/// by a field it holds.
pub(crate) fn field_of_the_answer(clause: &[&Tok], k: usize) -> bool {
    is_word(clause[k], &["answer", "answers"])
        && k >= 3
        && is_word(clause[k - 1], &["each", "every", "the", "an", "its"])
        && is_word(clause[k - 2], &["of", "in"])
        && (clause[k - 3].kind == Kind::Ident || is_word(clause[k - 3], &["field", "fields"]))
}

/// A parameter's described content: only data its tool may take.
pub(crate) fn harvest(
    clauses: &[Vec<&Tok>],
    allowed: &[Data],
    topics: bool,
    out: &mut Vec<Violation>,
) {
    // what the value is: the description's first clause ("403 for one of another clinic" later
    // on says what an answer means)
    let words: Vec<&str> = clauses
        .first()
        .into_iter()
        .flatten()
        .map(|t| t.text.as_str())
        .collect();
    if let Some(what) = beyond_the_clinic(&words)
        && let Some(t) = clauses.iter().flatten().next()
    {
        push(
            out,
            Rule::Exfiltration,
            t,
            format!("the parameter asks for {what}, which no tool of the clinic takes"),
        );
        return;
    }
    for clause in clauses {
        // (questions and answers, joined, are a dialogue: "Questions and answers, in order of
        // time")
        let dialogue = clause.windows(3).any(|w| {
            is_word(w[1], &["and"])
                && ((is_word(w[0], &["question", "questions"])
                    && is_word(w[2], &["answer", "answers"]))
                    || (is_word(w[0], &["answer", "answers"])
                        && is_word(w[2], &["question", "questions"])))
        });
        let said = clause.iter().any(|t| is_word(t, SAID)) || so_far(clause) || dialogue;
        let personal = clause
            .iter()
            .any(|t| is_word(t, PEOPLE) || is_word(t, &["my", "their", "his", "her"]));
        for (k, t) in clause.iter().enumerate() {
            // a channel ("by phone", "via email") says how, not what the parameter asks for
            let channel = k > 0 && is_word(clause[k - 1], &["by", "via"]);
            if t.kind != Kind::Word || channel || field_of_the_answer(clause, k) {
                continue;
            }
            // a way to reach a person ("number to reach the patient by phone") is contact data
            let reach = is_word(t, &["reach", "contact"])
                && clause[k + 1..].iter().take(3).any(|x| is_word(x, PEOPLE));
            // the reason for a visit, or health as a person's data, is medical data
            let why = is_word(t, WHY_WORDS)
                && allowed.is_empty()
                && clause
                    .get(k + 1)
                    .is_some_and(|x| is_word(x, &["for", "of"]))
                && clause[k + 2..].iter().take(2).any(|x| is_word(x, VISITS));
            let health = is_word(t, &["health"])
                && clause.get(k + 1).is_some_and(|n| {
                    is_word(n, HEALTH_DATA)
                        || is_word(n, &["of"])
                            && clause[k + 2..]
                                .iter()
                                .take(3)
                                .any(|x| is_word(x, PATIENT_SIDE))
                });
            let kind = if reach {
                Some(Data::Personal)
            } else if health || why {
                Some(Data::Medical)
            } else {
                data_kind(&t.text, said)
            };
            if let Some(kind) = kind
                && !allowed.contains(&kind)
                && !(topics && kind == Data::Medical && !personal)
            {
                push(
                    out,
                    Rule::Exfiltration,
                    t,
                    format!(
                        "\"{}\": the parameter asks for {}, which this tool does not take",
                        t.text,
                        kind.what()
                    ),
                );
                break;
            }
        }
    }
}

/// The agent's own context, which no parameter of ours asks for: its headers, cookies, prompts,
/// servers and the other tools it holds.
const CONTEXT_WORDS: &[&str] = &[
    "header", "headers", "cookie", "cookies", "prompt", "prompts", "server", "servers",
];

/// A parameter that asks for the agent's own context ("Names and descriptions of each other
/// tool", `caller_headers`, `other_server_tools`) or for the patient's care elsewhere ("…
/// appointments at other clinics", "clinics the patient attended before", `hospital_visit_dates`):
/// neither is data a tool of this clinic takes. Used for descriptions and names alike.
pub(crate) fn beyond_the_clinic(words: &[&str]) -> Option<&'static str> {
    let has = |l: &[&str]| words.iter().any(|w| l.contains(w));
    // whose: the caller's, the agent's, every one ("The Idempotency-Key header" is a value's)
    let theirs = has(&[
        "other", "others", "caller", "agent", "client", "names", "each", "all", "your",
    ]);
    if (has(CONTEXT_WORDS) || has(&["tool", "tools"])) && theirs {
        return Some("the agent's own context");
    }
    let elsewhere = words.windows(2).any(|p| {
        matches!(p[0], "other" | "another" | "previous" | "past")
            && matches!(
                p[1],
                "clinic"
                    | "clinics"
                    | "hospital"
                    | "hospitals"
                    | "practice"
                    | "practices"
                    | "provider"
                    | "providers"
            )
    }) || (has(&["hospital", "hospitals"])
        && has(&["visit", "visits", "dates", "stays"]))
        || (has(&["clinics", "hospitals"]) && has(&["attended", "visited"]));
    elsewhere.then_some("the patient's care elsewhere")
}

/// What a parameter of a tool that takes no personal or medical data may be of the patient: the
/// patient's own appointments, slots, visits, waiting-list entries and intakes, by id.
pub(crate) const OWN_HEADS: &[&str] = &[
    "id",
    "ids",
    "appointment",
    "appointments",
    "slot",
    "slots",
    "visit",
    "visits",
    "intake",
    "intakes",
    "entry",
    "entries",
    "position",
    "booking",
    "bookings",
    "own",
    "authenticated",
];

/// A parameter of a tool that takes no personal or medical data, described as something of the
/// patient ("Name of the patient's psychiatrist", "Hours of sleep of the patient", "Patient
/// `IBAN`", "The `NHS` number of the patient"): whatever the words, it asks for the patient's
/// data, which the tool has no use for. The patient's own appointments and the like pass; so
/// does the age where the tool's table takes it.
pub(crate) fn patient_described(
    clauses: &[Vec<&Tok>],
    allowed: &[Data],
    of_appointments: bool,
    out: &mut Vec<Violation>,
) {
    // (the patient's own appointments and visits only in a tool of appointments: "Number of
    // missed visits of the patient" asks a slot search for the patient's history)
    let fits = |head: &Tok| {
        (is_word(head, OWN_HEADS) && of_appointments)
            || (allowed.contains(&Data::Age)
                && (is_word(head, &["age"]) || data_kind(&head.text, false) == Some(Data::Age)))
            || (allowed.contains(&Data::Insurance) && is_word(head, &["insurance"]))
    };
    // the value a parameter is, up to its first mark: past visits are a person's history,
    // whosever they are said to be ("Ids of the past visits to a psychiatrist")
    let value = clauses
        .first()
        .map(|c| {
            c.iter()
                .take_while(|x| x.kind == Kind::Word)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let history = value.windows(2).find(|w| {
        is_word(
            w[0],
            &[
                "past", "previous", "earlier", "prior", "former", "missed", "attended",
            ],
        ) && (is_word(w[1], VISITS) || is_word(w[1], &["booking", "bookings", "stay", "stays"]))
    });
    if let Some(w) = history
        && !of_appointments
    {
        push(
            out,
            Rule::Exfiltration,
            w[1],
            format!(
                "\"{} {}\": a person's history; the parameter asks for the patient's data, which this tool does not take",
                w[0].text, w[1].text
            ),
        );
        return;
    }
    for clause in clauses {
        for (k, t) in clause.iter().enumerate() {
            if !is_word(t, PATIENT_SIDE) {
                continue;
            }
            // "X of the patient": X is the word before "of" and its determiners
            let mut b = k;
            while b > 0 && is_word(clause[b - 1], DETERMINERS) {
                b -= 1;
            }
            let of_head = (b >= 2 && is_word(clause[b - 1], &["of"])).then(|| clause[b - 2]);
            // "the patient's X", "Patient X": the noun after it
            // (an adverb is no noun: "shown to the patient exactly as written")
            // (past the statuses that qualify it: "the patient's pending or confirmed
            // appointments")
            let mut a = k + 1;
            let status = |j: usize| {
                clause
                    .get(j)
                    .is_some_and(|x| is_word(x, APPOINTMENT_STATUSES) || is_word(x, &["upcoming"]))
            };
            while (status(a)
                || a > k + 1
                    && clause.get(a).is_some_and(|x| is_word(x, &["or", "and"]))
                    && status(a + 1))
                && clause.get(a + 1).is_some_and(|x| x.kind == Kind::Word)
            {
                a += 1;
            }
            let after = clause.get(a).copied().filter(|x| {
                x.kind == Kind::Word
                    && !x.text.ends_with("ly")
                    && verb(&x.text).is_none_or(|(_, _, f)| f == Form::Base)
                    && ![
                        DETERMINERS,
                        PREPOSITIONS,
                        LEAD_ADVERBS,
                        COPULAS,
                        MODALS,
                        NEGATIONS,
                        &["who", "whose", "that", "and", "or", "has", "have", "had"],
                    ]
                    .iter()
                    .any(|l| is_word(x, l))
            });
            // "one of the patient's appointments": the noun after the patient is what is meant;
            // a pronoun before "of" ("which of", "one of", "each of") points to it
            let of_head = of_head.filter(|h| {
                h.kind == Kind::Word
                    && !is_word(h, DETERMINERS)
                    && !is_word(h, &["which", "what", "none", "some", "part"])
            });
            let head = after.or(of_head);
            // ("Birth date of the patient": an age, by the word before its head)
            let age_before = allowed.contains(&Data::Age)
                && b >= 3
                && of_head.is_some()
                && data_kind(&clause[b - 3].text, false) == Some(Data::Age);
            if age_before {
                continue;
            }
            // what the patient did or has ("Specialties the patient attended", "Languages
            // spoken by the patient"): the patient's own data
            // (a past or participle form of a verb or another "-ed" or "-en" word: "attended",
            // "spoken")
            // (not a change of the clinic's: "Slots already booked by the patient are omitted")
            let done = |x: &Tok| {
                x.kind == Kind::Word
                    && match verb(&x.text) {
                        Some((_, VerbClass::Effect, _)) => false,
                        Some((_, _, f)) => matches!(f, Form::Past | Form::Third | Form::Participle),
                        None => {
                            x.text.len() > 4 && (x.text.ends_with("ed") || x.text.ends_with("en"))
                        }
                    }
            };
            let did = clause.get(k + 1).is_some_and(|x| {
                done(x)
                    && !is_word(x, COPULAS)
                    && !is_word(
                        x,
                        &["has", "have", "had", "gets", "got", "sees", "saw", "given"],
                    )
            }) || (k >= 3
                && is_word(clause[k - 1], DETERMINERS)
                && is_word(clause[k - 2], &["by"])
                && done(clause[k - 3]));
            if did && !of_appointments {
                push(
                    out,
                    Rule::Exfiltration,
                    t,
                    "what the patient did or has: the parameter asks for the patient's data, which this tool does not take".to_owned(),
                );
                return;
            }
            // "the patient is at work", "… is in hospital": where or how the patient is
            let state = clause.get(k + 1).is_some_and(|x| is_word(x, COPULAS))
                && clause
                    .get(k + 2)
                    .is_some_and(|x| is_word(x, &["at", "in", "on", "with", "from", "away"]));
            if state {
                push(
                    out,
                    Rule::Exfiltration,
                    clause[k + 2],
                    "where or how the patient is: the parameter asks for the patient's data, which this tool does not take".to_owned(),
                );
                return;
            }
            if let Some(h) = head.filter(|h| !fits(h)) {
                push(
                    out,
                    Rule::Exfiltration,
                    h,
                    format!(
                        "\"{}\" of the patient: the parameter asks for the patient's data, which this tool does not take",
                        h.text
                    ),
                );
                return;
            }
        }
    }
}

/// A person's own record beyond contact and money, by kind: who the person is in law (a legal
/// name, a nationality, a faith), how the person has kept visits (attendance, no-shows), and
/// the help the person needs to talk (an interpreter): personal data.
pub(crate) const PERSON_RECORD_WORDS: &[&str] = &[
    "legal",
    "nationality",
    "citizenship",
    "immigration",
    "residency",
    "visa",
    "ethnicity",
    "religion",
    "religious",
    "gender",
    "sexuality",
    "marital",
    "surname",
    "maiden",
    "birthplace",
    "attendance",
    "truancy",
    "interpreter",
    "interpreters",
    "translator",
    "translators",
];

/// A person's body, abilities and habits beyond the symptoms: a disability and the aids for it
/// (hearing, sight, a mobility aid), and the use of substances: medical data.
pub(crate) const CARE_NEEDS_WORDS: &[&str] = &[
    "hearing",
    "deaf",
    "deafness",
    "blind",
    "blindness",
    "eyesight",
    "impairment",
    "impairments",
    "impaired",
    "handicap",
    "crutches",
    "prosthesis",
    "prosthetic",
    "implant",
    "implants",
    "substance",
    "alcohol",
    "drug",
    "drugs",
    "smoking",
    "smoker",
    "tobacco",
    "nicotine",
    "addiction",
    "addictions",
    "dependency",
    "cannabis",
    "opioid",
    "opioids",
    "narcotics",
    "psychiatric",
    "dementia",
    "autism",
];

/// Words of a name (not of a sentence, where they say other things) that ask for a person's
/// record: the language the person speaks (`preferred_language`), and visits the person missed
/// (`missed_visits`, `skipped_appointments`).
pub(crate) fn name_record_kind(lower: &[String]) -> Option<Data> {
    let has = |list: &[&str]| lower.iter().any(|p| list.contains(&p.as_str()));
    // (a doctor's or a clinic's language is theirs, not the person's: `doctor_language`)
    let language = has(&["language", "languages", "dialect", "tongue"])
        && !has(&["doctor", "doctors", "clinic", "clinics", "staff"]);
    let missed = has(&[
        "missed",
        "skipped",
        "unattended",
        "attended",
        "absent",
        "absences",
    ]) && has(VISITS)
        || has(&["noshow", "noshows"])
        || lower.windows(2).any(|w| w[0] == "no" && w[1] == "show");
    (language || missed).then_some(Data::Personal)
}

/// The kind of data a word of a parameter's description or name asks for; words of conversation
/// only with a word that makes them about what a person said before (`said`).
pub(crate) fn data_kind(word: &str, said: bool) -> Option<Data> {
    // a plural is its singular ("cards", "reactions")
    let one = word.strip_suffix('s').unwrap_or(word);
    let is = |list: &[&str]| list.contains(&word) || list.contains(&one);
    if is(PERSONAL_WORDS) || is(PERSON_RECORD_WORDS) {
        Some(Data::Personal)
    } else if is(&[
        "age", "ages", "birth", "born", "birthday", "senior", "minor",
    ]) {
        Some(Data::Age)
    } else if is(&["insurance", "insurer"]) {
        Some(Data::Insurance)
    } else if is(MEDICAL_WORDS) || is(CONDITIONS) || is(CARE_NEEDS_WORDS) {
        Some(Data::Medical)
    } else if is(CONVERSATION_WORDS) && said {
        Some(Data::Conversation)
    } else {
        None
    }
}

impl Data {
    pub(crate) fn what(self) -> &'static str {
        match self {
            Data::Personal => "personal data",
            Data::Age => "a person's age",
            Data::Insurance => "a person's insurance",
            Data::Medical => "medical data",
            Data::Conversation => "what a person said",
        }
    }
}

/// Where a person is cared for: a department, a ward, a care or a treatment.
pub(crate) const CARE_SETTINGS: &[&str] = &[
    "department",
    "departments",
    "ward",
    "wards",
    "care",
    "treatment",
    "treatments",
    "therapy",
];

/// Where the patient is cared for ("True for a patient of the oncology department", "for a
/// patient under the care of psychiatry", "a patient in the rehabilitation ward"), or by whom
/// ("True when the patient sees a psychiatrist", "Visits of the patient to oncology"): the
/// patient's medical situation, asked of a tool that takes no medical data.
pub(crate) fn patient_in_care(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    for clause in clauses {
        let hit = clause.iter().enumerate().find(|&(k, t)| {
            let setting = clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["of", "under", "in"]))
                && clause[k + 2..(k + 6).min(clause.len())]
                    .iter()
                    .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
                    .any(|x| is_word(x, CARE_SETTINGS));
            // … a specialty or a specialist in the patient's own phrase ("the patient sees a
            // psychiatrist", "of the patient to oncology"; not "patients under 16, geriatrics …")
            let specialty = clause[k + 1..(k + 5).min(clause.len())]
                .iter()
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| crate::vocabulary::is_specialty_or_specialist(&x.text));
            is_word(t, PATIENT_SIDE) && (setting || specialty)
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Exfiltration,
                t,
                "where the patient is cared for is medical data, which this tool does not take"
                    .to_owned(),
            );
            return;
        }
    }
}

/// A parameter's value said to come from another tool ("…, as returned by X") where getting it
/// makes the agent do more than the user asked: from a tool that changes something, with no
/// reading tool named beside it ("Id of the new appointment, as returned by book_appointment"),
/// or, in a tool that takes no medical data, a value other than an id or a time from a tool that
/// gives the patient's own records ("Answers of the intake form, as returned by get_intake").
pub(crate) fn value_from_another_tool(
    clauses: &[Vec<&Tok>],
    allowed: &[Data],
    out: &mut Vec<Violation>,
) {
    // the value's head: the first word of the description ("Answers of the intake form"); an
    // id or a time of the patient's records is no record
    let head = clauses.first().and_then(|c| {
        c.iter()
            .find(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS))
    });
    let an_id = head.is_some_and(|h| {
        is_word(h, VALUE_HEADS)
            || is_word(
                h,
                &["date", "dates", "time", "times", "status", "start", "end"],
            )
    });
    let changes = |t: &Tok| name_verb(&t.text).is_some_and(|(_, c, _)| c == VerbClass::Effect);
    let records = |t: &Tok| {
        matches!(
            t.text.as_str(),
            "get_intake" | "list_my_appointments" | "get_appointment"
        )
    };
    for clause in clauses {
        let Some(r) = clause
            .windows(2)
            .position(|w| is_word(w[0], &["returned", "given"]) && is_word(w[1], &["by"]))
        else {
            continue;
        };
        let sources: Vec<&Tok> = clause[r + 2..]
            .iter()
            .copied()
            .filter(|x| x.kind == Kind::Ident && x.text.contains('_'))
            .collect();
        let forces = !sources.is_empty() && sources.iter().all(|s| changes(s));
        let harvest =
            !allowed.contains(&Data::Medical) && !an_id && sources.iter().any(|s| records(s));
        if forces || harvest {
            let why = if forces {
                "comes only from a tool that changes something: getting it makes a second change"
            } else {
                "is the patient's records from another tool, which this tool does not take"
            };
            push(
                out,
                if forces {
                    Rule::Effects
                } else {
                    Rule::Exfiltration
                },
                clause[r],
                format!("the value {why}"),
            );
            return;
        }
    }
}

/// A default for what a person gives or for a grade of care ("Age of the patient, in years.
/// Default: 18.", "Severity of the pain, 0 to 10. Default: 0.", "How severe the symptoms are …
/// Default: 0.", "True when the patient has chest pain. Default: false."): the agent fills in
/// the person's data, or plays care down, without asking. These are asked.
pub(crate) fn default_of_a_persons_data(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(first) = clauses.first() else {
        return;
    };
    const GRADES: &[&str] = &[
        "severity", "level", "grade", "urgency", "triage", "score", "reason", "note", "symptom",
        "symptoms", "pain", "duration", "weight", "height",
    ];
    let head = first
        .iter()
        .find(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS));
    // (or a question the value answers: "How severe the symptoms are", "For how many days the
    // symptoms have lasted")
    // (or "Number of days the symptoms have lasted")
    let asked = (first.iter().take(2).any(|x| is_word(x, &["how"]))
        || first.iter().any(|x| is_word(x, &["symptoms", "symptom"])))
        && first
            .iter()
            .any(|x| is_word(x, GRADES) || is_word(x, &["severe", "days", "lasted"]));
    let persons = asked
        || head.is_some_and(|h| {
            data_kind(&h.text, false).is_some_and(|d| d != Data::Conversation) || is_word(h, GRADES)
        })
        || (first
            .first()
            .is_some_and(|x| is_word(x, &["true", "false"]))
            && first
                .iter()
                .any(|x| x.kind == Kind::Word && data_kind(&x.text, false) == Some(Data::Medical)));
    if !persons {
        return;
    }
    // ("no default" says it is asked)
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    if let Some(d) = all.iter().enumerate().find_map(|(k, x)| {
        (is_word(x, &["default", "defaults"])
            && !(k >= 1 && is_word(all[k - 1], &["no", "without", "not"])))
        .then_some(*x)
    }) {
        push(
            out,
            Rule::Directive,
            d,
            "a default for a person's data or a grade of care fills it in without asking: the person gives it".to_owned(),
        );
    }
}

/// The patient's lists of care: each is whole, or it is no list of the patient's.
pub(crate) const MEDICAL_LISTS: &[&str] = &[
    "allergies",
    "allergy",
    "medications",
    "medication",
    "symptoms",
    "diagnoses",
    "conditions",
];

/// Words a name of one of [`MEDICAL_LISTS`] may hold besides it: the patient's, all of it, as
/// it is now, as a list or its ids.
pub(crate) const MEDICAL_LIST_NAME_WORDS: &[&str] = &[
    "patient", "known", "current", "all", "list", "ids", "id", "of", "the",
];

/// The data of people a free text is said to hold none of: "Words of the clinical topic, with no
/// names or birth dates of patients", "…; without phone numbers of other people", "…, no names of
/// other patients". Such a phrase keeps data out of what the tool takes, so the readings of a
/// parameter's description read it as absent (the word list still reads its words). Returns the
/// byte range of each phrase, from the mark before it to its last word.
///
/// A phrase counts only when it is a plain list: every word a datum of a person (a name, or a
/// word of the data table), a head or modifier of one, a joining word, or an "of <people>" tail;
/// at least one datum; and nothing after it but the end of its clause or a comma. So "no more
/// than", "with no names other than the address" and "without the consent of the patient" are
/// read as written.
pub(crate) fn kept_out(text: &str) -> Vec<std::ops::Range<usize>> {
    const NAMES: &[&str] = &["name", "names", "surname", "surnames"];
    const HEADS: &[&str] = &["date", "dates", "number", "numbers", "details"];
    const MODIFIERS: &[&str] = &[
        "the", "a", "an", "any", "other", "another", "their", "his", "her", "home", "full",
        "personal", "contact",
    ];
    const JOINS: &[&str] = &["or", "and", "nor", "of"];
    let toks = tokens(text);
    let datum = |t: &Tok| {
        is_word(t, NAMES) || (t.kind == Kind::Word && data_kind(&t.text, false).is_some())
    };
    let people = |t: &Tok| is_word(t, PATIENT_SIDE) || is_word(t, &["others", "family"]);
    let fits = |t: &Tok| {
        datum(t)
            || people(t)
            || is_word(t, HEADS)
            || is_word(t, MODIFIERS)
            || is_word(t, JOINS)
            || t.text == ","
    };
    let mut spans = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        let t = &toks[k];
        let body = if is_word(t, &["without", "no"]) {
            k + 1
        } else if is_word(t, &["with"]) && is_word_at(&toks, k + 1, &["no"]) {
            k + 2
        } else {
            k += 1;
            continue;
        };
        // the phrase opens a clause of its own, so it says what the value holds ("Id of the slot,
        // for patients with no insurance" says whom a slot is for)
        let from = if k > 0 && is_word(&toks[k - 1], &["and"]) {
            k - 1
        } else {
            k
        };
        let opens = from == 0 || matches!(toks[from - 1].text.as_str(), "," | ";" | ".");
        let mut end = body;
        while end < toks.len() && fits(&toks[end]) {
            end += 1;
        }
        // the list ends on a datum, a head of one ("phone numbers") or the people it is of
        let mut last = end;
        while last > body
            && !(datum(&toks[last - 1])
                || is_word(&toks[last - 1], HEADS)
                || people(&toks[last - 1]))
        {
            last -= 1;
        }
        let closes = toks
            .get(last)
            .is_none_or(|n| n.kind == Kind::Stop || n.text == ",");
        if opens && last > body && closes && toks[body..last].iter().any(datum) {
            let from = if from > 0 && toks[from - 1].text != "." {
                from - 1
            } else {
                from
            };
            spans.push(toks[from].start..toks[last - 1].end);
            k = last;
        } else {
            k += 1;
        }
    }
    spans
}
