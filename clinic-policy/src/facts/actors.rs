//! Who makes each status of an appointment, who writes a rejection's reason, and what a move
//! changes. The contract: a booking or a move makes an appointment `pending` (the patient's
//! act), its doctor confirms or rejects it, its patient cancels it; the reason of a rejection is
//! the doctor's; a move takes any open slot, of its doctor or of another, and the moved
//! appointment comes back `pending`. A gloss that names another actor ("rejected (by the
//! patient)", "cancelled (by the clinic)") tells the agent who to blame or to ask.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Who moves an appointment to each status, by the words that name them.
pub const STATUS_ACTORS: &[(&str, &[&str])] = &[
    ("pending", PATIENT_NAMES),
    ("confirmed", DOCTOR_NAMES),
    ("rejected", DOCTOR_NAMES),
    ("cancelled", PATIENT_NAMES),
];

/// The acts that set each status, by the words of the act, so a gloss that names the act
/// ("rejected when the doctor rejects it") reads as the act itself.
const STATUS_ACTS: &[(&str, &[&str])] = &[
    (
        "pending",
        &[
            "book", "books", "booked", "booking", "move", "moves", "moved",
        ],
    ),
    ("confirmed", &["confirm", "confirms", "confirmation"]),
    ("rejected", &["reject", "rejects", "rejection"]),
    ("cancelled", &["cancel", "cancels", "cancellation"]),
];

/// The people or parts a status could be said to be set by, beside the doctor by each of its
/// names ([`DOCTOR_NAMES`]).
const ACTORS: &[&str] = &[
    "patient", "patients", "owner", "clinic", "clinics", "api", "server", "staff", "agent",
    "system", "user", "users", "person", "people", "admin", "nurse", "oncall",
];

/// Whether a word names one who could set a status: a person, a part, or the doctor.
fn actor(t: &Tok) -> bool {
    is_word(t, ACTORS) || is_word(t, DOCTOR_NAMES)
}

/// Words that make an actor another one than the one named: "another patient".
const ANOTHER: &[&str] = &["another", "other", "second", "different"];

/// The actors a phrase names that are not among `allowed`, or are another one of them
/// ("another patient"); `None` when it names none at all.
fn wrong_actor<'t>(phrase: &[&'t Tok], allowed: &[&str]) -> Option<Option<&'t Tok>> {
    let mut named = false;
    for (j, t) in phrase.iter().enumerate() {
        if !actor(t) {
            continue;
        }
        // ("the doctor's patient", "the patient's doctor": the last noun is the actor)
        if phrase.get(j + 1).is_some_and(|n| actor(n)) {
            continue;
        }
        named = true;
        let other = j >= 1 && is_word(phrase[j - 1], ANOTHER);
        if other || !is_word(t, allowed) {
            return Some(Some(*t));
        }
    }
    named.then_some(None)
}

/// A status glossed with who set it, naming another than the contract's actor ("rejected (by
/// the patient)", "cancelled (by the doctor or by the patient)", "rejected when the slot was
/// taken by another patient"), or glossed with a case its act never makes ("rejected when the
/// move was not possible": a failed move changes nothing). A gloss is "by …" after the status,
/// in brackets or not, or a "when"/"if" clause after it; the clause must name the status's
/// actor or its act.
pub(super) fn status_actor_misstated(toks: &[Tok], out: &mut Vec<Violation>) {
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        for (k, t) in s.iter().enumerate() {
            // ("not cancelled by the doctor" denies the gloss)
            if k >= 1 && is_word(&s[k - 1], NEGATIONS) {
                continue;
            }
            let Some(&(status, allowed)) = STATUS_ACTORS.iter().find(|(w, _)| is_word(t, &[w]))
            else {
                continue;
            };
            let mut j = k + 1;
            while s
                .get(j)
                .is_some_and(|x| x.kind == Kind::Comma && x.text != ",")
            {
                j += 1;
            }
            let Some(next) = s.get(j) else { continue };
            let by = is_word(next, &["by"]);
            let when = is_word(next, &["when", "if"]);
            if !by && !when {
                continue;
            }
            // the gloss: up to a comma, a closing bracket or the end of the sentence
            // (or the next status: "rejected by the doctor or cancelled by the patient")
            let gloss: Vec<&Tok> = s[j + 1..]
                .iter()
                .take_while(|x| {
                    !(x.kind == Kind::Comma && (x.text == "," || x.text == ")"))
                        && !STATUS_ACTORS.iter().any(|(w, _)| is_word(x, &[w]))
                })
                .collect();
            let acts = STATUS_ACTS
                .iter()
                .find(|(w, _)| *w == status)
                .map_or(&[][..], |(_, a)| *a);
            let bad = match wrong_actor(&gloss, allowed) {
                Some(Some(who)) => Some(who),
                Some(None) => None,
                // a "when" clause naming no actor holds only when it names the act itself; a
                // booking's `pending` is said by its case as well ("when the slot is booked")
                None => (when && status != "pending" && !gloss.iter().any(|x| is_word(x, acts)))
                    .then_some(t),
            };
            if let Some(who) = bad {
                push(
                    out,
                    Rule::Directive,
                    who,
                    format!(
                        "`{status}` glossed with who or what set it against the contract: a booking or a move makes an appointment pending, its doctor confirms or rejects it, its patient cancels it"
                    ),
                );
                return;
            }
        }
    }
}

/// Verbs of writing a text.
const WRITES: &[&str] = &[
    "write", "writes", "wrote", "written", "give", "gives", "gave", "given", "enter", "enters",
    "entered", "add", "adds", "added",
];

/// What a rejection's reason said written by another than its doctor is told.
const WRITER_MISSTATED: &str = "a rejection's reason said written by another than the doctor: the appointment's doctor rejects it and writes its reason, and its patient sees it";

/// Nouns of a text as its writer's own, which a writer named with them is said to have written
/// ("the patient's own words", "in the words of the patient").
const WORDING: &[&str] = &[
    "words",
    "word",
    "wording",
    "own",
    "text",
    "note",
    "notes",
    "message",
    "comment",
    "comments",
    "statement",
    "voice",
];

/// The writer a phrase of wording names, not one of `allowed`: a possessive before the noun
/// ("the patient's own words", "in the clinic's text", "the patient's reason") or "of" after it
/// ("in the words of the patient"); not one the words are shown to ("shown to the patient in the
/// doctor's words").
fn wording_of<'t>(text: &str, s: &'t [Tok], allowed: &[&str]) -> Option<&'t Tok> {
    s.iter().enumerate().find_map(|(k, t)| {
        // ("the patient's own appointment": "own" of another noun names no writer)
        let own_of_another = is_word(t, &["own"])
            && s.get(k + 1)
                .is_some_and(|n| n.kind == Kind::Word && !is_word(n, WORDING));
        if !is_word(t, WORDING) && !is_word(t, &["reason", "reasons"]) || own_of_another {
            return None;
        }
        // (the reason itself only right after it: "the patient's reason", not "the patient's
        // rejected appointment's reason")
        let reach = if is_word(t, &["reason", "reasons"]) {
            1
        } else {
            2
        };
        let before = (k.saturating_sub(reach)..k)
            .rev()
            .find(|&j| actor(&s[j]) && super::roles::possessive(&s[j], text))
            .map(|j| &s[j]);
        let after = is_word_at(s, k + 1, &["of", "from"])
            .then(|| s[k + 2..].iter().take(3).find(|x| actor(x)))
            .flatten();
        before.or(after).filter(|who| !is_word(who, allowed))
    })
}

/// The writer a sentence of an owned text names, not one of `allowed`: a gloss with "by" or
/// "from" after a comma or one of `nouns` ("Reason for the rejection, from the patient"), a
/// phrase of wording ([`wording_of`]), or the subject or agent of a verb of writing ("the
/// patient has written one", "as written down by the nurse"); not one it is shown to.
fn writer_named<'t>(text: &str, s: &'t [Tok], nouns: &[&str], allowed: &[&str]) -> Option<&'t Tok> {
    let glossed = s.iter().enumerate().find_map(|(k, t)| {
        let gloss = is_word(t, &["by", "from"])
            && k >= 1
            && (s[k - 1].text == "," || is_word(&s[k - 1], nouns));
        gloss
            .then(|| s[k + 1..].iter().take(3).find(|x| actor(x)))
            .flatten()
            .filter(|who| !is_word(who, allowed))
    });
    if let Some(who) = glossed.or_else(|| wording_of(text, s, allowed)) {
        return Some(who);
    }
    s.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, WRITES) {
            return None;
        }
        // the writer: the person before the verb ("the patient has written one") or after
        // "by", past a particle ("written by the patient", "written down by the nurse")
        // (one it is shown to is no writer: "shown to the patient as written")
        let before = (k.saturating_sub(4)..k)
            .rev()
            .find(|&j| actor(&s[j]))
            .filter(|&j| {
                !s[j.saturating_sub(2)..j]
                    .iter()
                    .any(|x| is_word(x, &["to", "for"]))
            })
            .map(|j| &s[j]);
        let by = if is_word_at(s, k + 1, &["down", "up", "in", "out"]) {
            k + 2
        } else {
            k + 1
        };
        let after = is_word_at(s, by, &["by"])
            .then(|| s[by + 1..].iter().take(3).find(|x| actor(x)))
            .flatten();
        after.or(before).filter(|who| !is_word(who, allowed))
    })
}

/// A rejection's reason said written by another than the doctor ("the reason for a
/// rejection, when the patient has written one", "Reason for the rejection, the patient's own
/// words", "The reason in the nurse's words" of the rejecting tool): only the appointment's
/// doctor rejects it, with or without a reason; its patient sees it. Likewise the symptoms of
/// an intake said written by another than the patient ("Symptoms as written down by the
/// doctor", "in the words of the clinic staff"): the owner patient records the intake.
pub(super) fn reason_writer_misstated(
    text: &str,
    toks: &[Tok],
    tool: &str,
    out: &mut Vec<Violation>,
) {
    const REASON: &[&str] = &["reason", "reasons", "rejection", "rejected"];
    const SYMPTOMS: &[&str] = &["symptoms", "symptom", "intake", "intakes"];
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        if s.iter().any(|t| is_word(t, NEGATIONS)) {
            continue;
        }
        let of_rejection = s.iter().any(|t| is_word(t, &["reason", "reasons"]))
            && (tool == "reject_appointment"
                || s.iter()
                    .any(|t| is_word(t, &["rejection", "rejected", "reject", "rejects"])));
        if of_rejection && let Some(who) = writer_named(text, s, REASON, DOCTOR_NAMES) {
            push(out, Rule::Directive, who, WRITER_MISSTATED.to_owned());
            return;
        }
        let of_symptoms = !of_rejection && s.iter().any(|t| is_word(t, &["symptoms", "symptom"]));
        if of_symptoms && let Some(who) = writer_named(text, s, SYMPTOMS, PATIENT_NAMES) {
            push(
                out,
                Rule::Directive,
                who,
                "an intake's symptoms said written by another than the patient: the owner patient records the intake, its symptoms in the patient's own words".to_owned(),
            );
            return;
        }
    }
}

/// Those that write no text a tool takes: each text is its writer's own (a rejection's reason
/// the doctor's, an intake's symptoms the patient's, an escalation's note the doctor's).
const NO_WRITER: &[&str] = &[
    "clinic",
    "server",
    "system",
    "staff",
    "api",
    "reception",
    "receptionist",
    "service",
    "portal",
    "agent",
    "assistant",
    "tool",
];

/// Words that say a text is supplied: "gives one", "writes its own", "adds a reason".
const SUPPLIES: &[&str] = &[
    "gives", "give", "writes", "write", "adds", "add", "supplies", "supply", "fills", "fill",
    "uses", "use", "sets", "set", "provides", "provide", "puts", "picks", "chooses",
];

/// The texts a person writes, by the words that name them.
const WRITTEN: &[&str] = &[
    "reason", "reasons", "note", "notes", "symptoms", "message", "comment", "text",
];

/// Words that say the writer left the text out: "without it", "else", "when none is given".
const LEFT_OUT: &[&str] = &[
    "without",
    "else",
    "otherwise",
    "absent",
    "omitted",
    "missing",
    "empty",
    "default",
    "unless",
    "none",
];

/// A text a person writes said to be supplied by another when its writer leaves it out ("Optional;
/// without it, the clinic gives one", "when the doctor has written one, else the clinic's"): the
/// server has no default text, and a text left out is absent from the answer, so the agent tells
/// the patient a reason nobody gave. Read where the text names a written text and a sentence says
/// it left out and has one who writes none supply one ("one", "its own", a text's word), or
/// names that one's own after "else" or "otherwise".
pub(super) fn text_default_invented(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    if !toks.iter().any(|t| is_word(t, WRITTEN)) {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        if !s.iter().any(|t| is_word(t, LEFT_OUT)) {
            continue;
        }
        let hit = s.iter().enumerate().find(|&(k, t)| {
            if !is_word(t, NO_WRITER) {
                return false;
            }
            // "else the clinic's", "otherwise the server's one"
            let owned = super::roles::possessive(t, text)
                && s[k.saturating_sub(3)..k]
                    .iter()
                    .any(|x| is_word(x, &["else", "otherwise", "or"]));
            let supplied = (k + 1..(k + 3).min(s.len())).find(|&j| is_word(&s[j], SUPPLIES));
            let one = supplied.is_some_and(|j| {
                s[j + 1..].iter().take(3).any(|x| {
                    is_word(x, &["one", "own", "default", "generic", "standard"])
                        || is_word(x, WRITTEN)
                })
            });
            owned || one
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "a text said supplied by another when its writer leaves it out: the server has no default text, and a text left out is absent from the answer".to_owned(),
            );
            return;
        }
    }
}

/// Words of the move.
const MOVES: &[&str] = &[
    "move",
    "moves",
    "moved",
    "moving",
    "reschedule",
    "reschedules",
    "rescheduled",
    "rescheduling",
];

/// Words of a move that failed, after which nothing changed.
const FAILED: &[&str] = &[
    "fail",
    "fails",
    "failed",
    "failure",
    "error",
    "errors",
    "otherwise",
    "nothing",
    "neither",
];

/// Words of the things a sentence's subject may be, other than a status.
const THINGS: &[&str] = &[
    "id",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "doctor",
    "doctors",
    "time",
    "times",
];

/// Words that say a thing is left as it was ("the status it had").
const KEPT_AS_IT_WAS: &[&str] = &[
    "before",
    "unchanged",
    "keeps",
    "kept",
    "stays",
    "remains",
    "had",
    "held",
];

/// What a move takes the appointment to: a slot, or its time ("to a later time with the same
/// doctor").
const MOVED_TO: &[&str] = &["slot", "slots", "time", "times"];

/// A move said to keep the doctor or the status ("another open slot of the same doctor", "an
/// open slot with its doctor", "the status, the same as before the move"): the move takes any
/// open slot, of its doctor or of another, and the moved appointment comes back `pending`. The
/// agent offers only the doctor's slots, or tells the patient a confirmed visit stays
/// confirmed. A sentence that allows another doctor ("of the same doctor or of another"), or
/// says it as a case ("if the new slot is of the same doctor"), passes.
pub(super) fn move_said_to_keep(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let moving_tool = tool == "reschedule_appointment";
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        if !(moving_tool || s.iter().any(|t| is_word(t, MOVES)))
            || s.iter().any(|t| is_word(t, NEGATIONS))
        {
            continue;
        }
        let case = s.iter().any(|t| is_word(t, &["if", "when", "whether"]));
        // the slot's doctor said to be the appointment's own: "slot of the same doctor", "slot
        // with its doctor", "slot of this appointment's doctor"
        let kept_doctor = s.iter().enumerate().find(|&(k, t)| {
            if !is_word(t, DOCTOR_NAMES) || k < 2 || case {
                return false;
            }
            let own = is_word(&s[k - 1], &["same", "its"])
                || is_word(&s[k - 1], &["appointment"])
                    && is_word_at(s, k - 2, &["this", "the", "its"]);
            // the doctor's phrase hangs on a slot: "slot of the same doctor", "slot, with its
            // doctor" (a list of the answer's parts, "the new slot, its times and its doctor",
            // does not)
            let of_slot = (2..=3).any(|n| {
                k > n
                    && is_word(&s[k - n], &["of", "with", "for"])
                    && (is_word(&s[k - n - 1], MOVED_TO)
                        || s[k - n - 1].text == ","
                            && k >= n + 2
                            && is_word(&s[k - n - 2], MOVED_TO))
            });
            let or_another = s[k + 1..]
                .iter()
                .take(5)
                .any(|x| is_word(x, &["or", "any"]));
            own && of_slot && !or_another
        });
        if let Some((_, t)) = kept_doctor {
            push(
                out,
                Rule::Directive,
                t,
                "a move said to keep the doctor: the new slot is any open slot, of the same doctor or of another, and the appointment comes back with the new slot's doctor".to_owned(),
            );
            return;
        }
        // the status said kept: "its status stays as it was", or a list of the statuses
        // glossed "the same as before the move"; a failed move keeps it, and is said so
        // ("on a failure, the appointment stays as it was")
        let status_word = |t: &Tok| STATUS_ACTORS.iter().any(|(w, _)| is_word(t, &[w]));
        let failed = s.iter().any(|t| is_word(t, FAILED));
        let said_kept = s.iter().enumerate().find(|&(k, t)| {
            // ("before the visit" is a time; "as before" is the state kept)
            let kept = is_word(t, KEPT_AS_IT_WAS)
                && (!is_word(t, &["before"]) || is_word_at(s, k.wrapping_sub(1), &["as"]));
            let same_status =
                is_word(t, &["same"]) && is_word_at(s, k + 1, &["status", "statuses"]);
            same_status
                || kept
                    && s[k.saturating_sub(3)..k]
                        .iter()
                        .any(|x| is_word(x, &["status", "statuses"]) || status_word(x))
        });
        let bare_gloss = s
            .first()
            .is_some_and(|t| is_word(t, &["the", "same", "as", "unchanged", "kept"]))
            && !s.iter().any(|t| is_word(t, THINGS))
            && toks.iter().filter(|t| status_word(t)).count() >= 2;
        let kept = said_kept.map(|(_, t)| t).or_else(|| {
            bare_gloss
                .then(|| s.iter().find(|t| is_word(t, KEPT_AS_IT_WAS)))
                .flatten()
        });
        if let Some(t) = kept
            && moving_tool
            && !case
            && !failed
        {
            push(
                out,
                Rule::Directive,
                t,
                "a move said to keep the status: the moved appointment comes back `pending`, for its new doctor to confirm or reject".to_owned(),
            );
            return;
        }
    }
}

/// The acts of an appointment, by the words that name them, each with the tool that does it:
/// who may do the act is who may call that tool ([`crate::served::ROLES`]). ("move" is left
/// out: an escalation moves an appointment too; and "confirm": a patient confirms a booking to
/// the agent before it is made.)
const ACTS: &[(&str, &[&str])] = &[
    (
        "cancel_appointment",
        &[
            "cancel",
            "cancels",
            "cancelled",
            "canceled",
            "cancelling",
            "cancellation",
            "cancellations",
        ],
    ),
    (
        "reject_appointment",
        &[
            "reject",
            "rejects",
            "rejected",
            "rejecting",
            "rejection",
            "rejections",
        ],
    ),
    ("book_appointment", &["book", "books", "booked"]),
    (
        "reschedule_appointment",
        &["reschedule", "reschedules", "rescheduled"],
    ),
    (
        "escalate_to_oncall",
        &[
            "escalate",
            "escalates",
            "escalated",
            "escalation",
            "escalations",
        ],
    ),
];

/// The nouns of an act that a possessive names its agent with ("the doctor's cancellation"; not
/// "the doctor's bookings", which are the bookings with the doctor).
const ACT_NOUNS: &[&str] = &[
    "cancellation",
    "cancellations",
    "rejection",
    "rejections",
    "escalation",
    "escalations",
];

/// The patient, by the words that name it as one who acts.
const PATIENT_NAMES: &[&str] = &["patient", "patients", "owner"];

/// The clinic's side, by the words that name it as one who acts: its doctors, its other staff
/// and the clinic itself.
const CLINIC_SIDE: &[&str] = &[
    "staff",
    "nurse",
    "nurses",
    "clinic",
    "clinics",
    "oncall",
    "reception",
    "receptionist",
    "practice",
];

/// The role of one who acts, by its word: `patient` or `doctor` (the clinic's side).
fn role_of_actor(t: &Tok) -> Option<&'static str> {
    if is_word(t, PATIENT_NAMES) {
        Some("patient")
    } else if is_word(t, DOCTOR_NAMES) || is_word(t, CLINIC_SIDE) {
        Some("doctor")
    } else {
        None
    }
}

/// Words between a subject and its verb: auxiliaries, modals and adverbs of time ("the doctor
/// has already cancelled", "the doctor may cancel", "for the patient to confirm").
const BETWEEN: &[&str] = &[
    "has", "have", "had", "already", "just", "then", "also", "first", "later", "may", "can",
    "could", "will", "would", "should", "must", "might", "did", "does", "do", "to",
];

/// Words that deny an act ("the doctor never cancels", "cannot cancel", "does not").
const DENIALS: &[&str] = &["not", "never", "cannot", "no", "nor", "neither"];

/// Words before a person that make it no agent: the person an act is for, with or of ("an
/// appointment with the doctor cancelled by its patient").
const NOT_AGENT: &[&str] = &["of", "for", "with", "to", "from", "at", "about"];

/// Words between "by" and its agent.
const AGENT_DETERMINERS: &[&str] = &[
    "the", "a", "an", "its", "their", "this", "that", "his", "her", "any", "one",
];

/// The agent an act at `k` of a sentence is said to have, with its word: the subject of the
/// active verb, past auxiliaries ("one the doctor has already cancelled", "when the doctor
/// cancels one"), the agent after "by" ("cancelled by the doctor", "a cancellation by the
/// clinic"), or a possessive before the act's noun ("the doctor's cancellation"); `None` when
/// it names none, or the act is denied of it ("the doctor never cancels").
fn agent_of<'t>(text: &str, s: &'t [Tok], k: usize) -> Option<&'t Tok> {
    // the passive, or a noun of the act, with "by"
    if is_word_at(s, k + 1, &["by"]) {
        let denied = s[k.saturating_sub(3)..k].iter().any(|x| is_word(x, DENIALS))
            // ("only those not cancelled by the doctor" still says the doctor cancels some)
            && !s[..k].iter().any(|x| is_word(x, &["only"]));
        if denied {
            return None;
        }
        return s[k + 2..]
            .iter()
            .take_while(|x| x.kind == Kind::Word)
            .take(3)
            .find(|x| role_of_actor(x).is_some());
    }
    // the subject, past auxiliaries, or a possessive before the act's noun
    let mut j = k;
    while j >= 1 && is_word(&s[j - 1], BETWEEN) {
        j -= 1;
    }
    if s[j..k].iter().any(|x| is_word(x, DENIALS)) || j == 0 {
        return None;
    }
    let who = &s[j - 1];
    role_of_actor(who)?;
    let possessed = super::roles::possessive(who, text);
    let as_subject = !possessed && j == k || j < k;
    let as_owner = possessed && j == k && is_word(&s[k], ACT_NOUNS);
    if !(as_subject || as_owner) || j >= 2 && is_word(&s[j - 2], DENIALS) {
        return None;
    }
    // (a person an act is for or with is no agent: "an appointment with the doctor")
    let of = (j.saturating_sub(3)..j - 1)
        .rev()
        .take_while(|&i| s[i].kind == Kind::Word)
        .find(|&i| !is_word(&s[i], AGENT_DETERMINERS) && !is_word(&s[i], &["oncall", "own"]));
    if of.is_some_and(|i| is_word(&s[i], NOT_AGENT)) {
        return None;
    }
    Some(who)
}

/// An act said done by one its tool does not let do it, in any voice: "INVALID_TRANSITION for
/// one the doctor has already cancelled", "not cancelled by the doctor", "the doctor's
/// cancellation", "a rejection by the patient", or a reason for an act said written by the
/// other side ("The reason for a cancellation, when the doctor has written one": the writer of
/// an act's reason is its agent). Who may do each act is who may call its tool
/// ([`crate::served::ROLES`]): the owner patient books, moves and cancels; the doctor confirms,
/// rejects and escalates. An agent told the doctor cancelled tells the patient the clinic
/// called her visit off.
pub(super) fn act_by_another_role(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    let act_at = |t: &Tok| {
        ACTS.iter()
            .find(|(_, words)| is_word(t, words))
            .and_then(|&(tool, _)| crate::served::role_of(tool).flatten())
    };
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        for (k, t) in s.iter().enumerate() {
            let Some(role) = act_at(t) else { continue };
            let Some(who) = agent_of(text, s, k) else {
                continue;
            };
            if role_of_actor(who).is_some_and(|r| r != role) {
                return push_act_by_another(out, t);
            }
        }
        // a reason for an act, written by the other side ("any reason the doctor gave for a
        // cancellation")
        if s.iter().any(|t| is_word(t, DENIALS))
            || !s.iter().any(|t| is_word(t, &["reason", "reasons"]))
        {
            continue;
        }
        // (the act by its noun: "the reason, or null when cancelled" names a status; a
        // rejection's reason by another than its doctor is `reason_writer_misstated`'s)
        let act = s
            .iter()
            .find(|t| is_word(t, ACT_NOUNS) && act_at(t) == Some("patient"));
        let writer = act.and_then(|_| writer_named(text, s, &["reason", "reasons"], PATIENT_NAMES));
        if let (Some(act), Some(_)) = (act, writer.filter(|w| role_of_actor(w) == Some("doctor"))) {
            return push_act_by_another(out, act);
        }
    }
}

/// Refuses the act at `act` said done by one its tool does not let do it.
fn push_act_by_another(out: &mut Vec<Violation>, act: &Tok) {
    push(
        out,
        Rule::Directive,
        act,
        "an act said done by one its tool does not let do it: the owner patient books, moves and cancels an appointment, and its doctor confirms, rejects and escalates it".to_owned(),
    );
}
