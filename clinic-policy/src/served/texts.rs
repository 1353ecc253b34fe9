//! The texts of the clinic API that the server's reading tools answer with, and what the server
//! does to them: every string of every answer passes the output screen (`clinic-mcp`
//! `screen.rs`), which removes escape sequences and control and invisible characters, replaces
//! the session's token and anything shaped like a token with a mark, cuts a text at 1000
//! characters and withholds a text that carries an instruction. The screen changes the answer,
//! never the clinic's data: what it removes are characters, codes and tokens of a returned text.

/// Words that name a returned text on any tool: the answer itself, or a string of it.
const ANY_TEXT: &[&str] = &[
    "text", "texts", "string", "strings", "answer", "answers", "output", "outputs", "result",
    "results", "value", "values", "field", "fields", "it", "them",
];

/// Each reading tool's texts of the clinic API (`clinic-mcp/src/tools/*.rs`): the words that
/// name the texts (heads), and the words of what they belong to, which may stand before a head
/// ("the protocol text") or after "of" ("the title of each protocol"). A person is among them
/// only where the answer names one: the doctor's schedule names each appointment's patient, and
/// the screen cleans the patient's name as it cleans a doctor's.
#[rustfmt::skip]
const TEXTS: &[(&str, &[&str], &[&str])] = &[
    ("search_protocols", &["title", "titles", "excerpt", "excerpts"], &["protocol", "protocols"]),
    ("list_doctors", &["name", "names", "specialty", "specialties", "address", "addresses"], &["doctor", "doctors", "clinic", "clinics"]),
    ("list_specialties", &["name", "names"], &["specialty", "specialties"]),
    ("find_available_slots", &["name", "names", "specialty", "specialties"], &["doctor", "doctors", "clinic", "clinics", "slot", "slots"]),
    ("list_my_appointments", &["name", "names", "specialty", "specialties", "reason", "reasons"], &["doctor", "doctors", "rejection", "appointment", "appointments"]),
    ("get_appointment", &["name", "names", "specialty", "specialties", "reason", "reasons"], &["doctor", "doctors", "rejection", "appointment", "appointments"]),
    ("list_doctor_schedule", &["name", "names", "reason", "reasons"], &["patient", "patients", "rejection", "appointment", "appointments"]),
];

/// What a text the screen changes is named by, on `tool`: `Some((heads, owners))`, or `None`
/// for a tool that is no reading tool of this server.
pub(crate) fn answered_texts(tool: &str) -> Option<(impl Fn(&str) -> bool, impl Fn(&str) -> bool)> {
    let &(_, heads, owners) = TEXTS.iter().find(|(t, _, _)| *t == tool)?;
    Some((
        move |w: &str| ANY_TEXT.contains(&w) || heads.contains(&w),
        move |w: &str| owners.contains(&w) || heads.contains(&w),
    ))
}

/// What the screen takes out of a text, by the words that name it: characters (control, escape,
/// invisible), escape sequences and codes, tokens; a head and the words that may stand before it.
pub(crate) const SCREENED_HEADS: &[&str] = &[
    "character",
    "characters",
    "code",
    "codes",
    "sequence",
    "sequences",
    "token",
    "tokens",
];
pub(crate) const SCREENED_KINDS: &[&str] = &[
    "control",
    "escape",
    "invisible",
    "format",
    "formatting",
    "ansi",
    "terminal",
    "access",
    "bearer",
    "secret",
];
