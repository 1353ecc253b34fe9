//! What each served list keeps of what the clinic API gives it, against which a list said to be
//! narrowed is read.
//!
//! | tool                   | keeps                                                            |
//! |------------------------|------------------------------------------------------------------|
//! | list_my_appointments   | the patient's own, every status and time; with `upcoming`, those that start after now, pending or confirmed |
//! | list_doctor_schedule   | the doctor's own, every status and time                          |
//! | find_available_slots   | open slots of the doctor, the specialty or every doctor, in the window (from now by default), every day |
//! | search_protocols       | matches of the words, of the doctor's clinic and shared, reviewed or not |
//! | list_doctors           | every doctor of every clinic, or those of one specialty          |
//! | list_specialties       | every specialty of the doctors                                   |
//!
//! No list keeps a kind of day, a kind of patient, or a patient's clinic (a patient has none).

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// A kind of condition a list may be said to be narrowed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Narrowing {
    /// An appointment's status, or one like it ("pending", "not cancelled", "active").
    Status,
    /// A time from now ("that start after now", "in the future", "not yet started").
    Time,
    /// A slot that is open ("free", "not booked").
    Open,
    /// A slot that is taken ("that the patient booked").
    Taken,
    /// A kind of day ("on weekdays", "Monday to Friday").
    Day,
    /// A kind of patient ("for new patients", "adult patients").
    Audience,
    /// A protocol's review ("those with a review date").
    Review,
    /// A patient's clinic ("with a doctor of the patient's clinic").
    PatientClinic,
}

/// A served list: its tool, the nouns of what it lists, what it keeps whatever its arguments,
/// and what it keeps only when the `upcoming` flag is said.
type List = (
    &'static str,
    &'static [&'static str],
    &'static [Narrowing],
    &'static [Narrowing],
);

const LISTS: &[List] = &[
    (
        "list_my_appointments",
        APPOINTMENT_NOUNS,
        &[],
        &[Narrowing::Status, Narrowing::Time],
    ),
    ("list_doctor_schedule", APPOINTMENT_NOUNS, &[], &[]),
    (
        "find_available_slots",
        &["slots", "results", "matches"],
        &[Narrowing::Open, Narrowing::Time],
        &[],
    ),
    (
        "search_protocols",
        &["protocols", "results", "matches"],
        &[],
        &[],
    ),
    ("list_doctors", &["doctors", "results"], &[], &[]),
    ("list_specialties", &["specialties", "results"], &[], &[]),
];

const APPOINTMENT_NOUNS: &[&str] = &["appointments", "visits", "bookings", "entries", "results"];

/// Words that open a condition after a list's noun: a relative word or a preposition.
const LINKERS: &[&str] = &[
    "that", "which", "who", "whose", "where", "with", "of", "in", "on", "at", "for", "from",
    "during", "within", "between",
];

/// Words that keep a case in rather than out ("cancelled ones too", "of every status").
const INCLUSIVE: &[&str] = &[
    "too",
    "also",
    "including",
    "included",
    "even",
    "every",
    "any",
    "all",
    "whatever",
    "regardless",
    "besides",
    "alike",
    "well",
];

/// Words that say a case is put out of the list: the condition names what is dropped.
const DROPPED: &[&str] = &[
    "omitted",
    "excluded",
    "dropped",
    "removed",
    "hidden",
    "skipped",
    "left",
    "except",
    "excluding",
];

const WEEKEND: &[&str] = &[
    "weekend",
    "weekends",
    "saturday",
    "saturdays",
    "sunday",
    "sundays",
];

/// Kinds of patient.
const KINDS_OF_PATIENT: &[&str] = &[
    "new",
    "returning",
    "existing",
    "regular",
    "registered",
    "insured",
    "uninsured",
    "adult",
    "young",
    "older",
    "elderly",
    "first",
    "private",
    "known",
];
const PEOPLE: &[&str] = &["patients", "people", "persons"];
const GROUPS: &[&str] = &[
    "adults",
    "children",
    "minors",
    "seniors",
    "newcomers",
    "kids",
];

/// The kinds of condition a phrase says, read on its words, of a list of `items`.
fn narrowings(phrase: &[&Tok], items: &[&str]) -> Vec<(Narrowing, usize)> {
    let mut found = Vec::new();
    let negated = phrase
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "yet"]));
    for (j, x) in phrase.iter().enumerate() {
        let at = |k: usize, list: &[&str]| phrase.get(k).is_some_and(|y| is_word(y, list));
        let kind = if is_word(x, APPOINTMENT_STATUSES) || is_word(x, &["active", "live"]) {
            Some(Narrowing::Status)
        } else if is_word(x, &["now"]) && !at(j + 1, &["that"])
            || is_word(
                x,
                &[
                    "today",
                    "tomorrow",
                    "yesterday",
                    "upcoming",
                    "future",
                    "past",
                    "started",
                    "ended",
                    "finished",
                ],
            )
        {
            Some(Narrowing::Time)
        } else if is_word(x, &["open", "free", "available", "unbooked", "bookable"]) {
            // (of a doctor or a specialty, only a slot is open: "with no open slot"; "the
            // doctors available for booking" is every one)
            if items == APPOINTMENT_NOUNS {
                Some(Narrowing::Status)
            } else if items.first() == Some(&"slots") || at(j + 1, &["slot", "slots"]) {
                Some(Narrowing::Open)
            } else {
                None
            }
        } else if is_word(x, &["booked", "taken", "reserved", "held"]) {
            Some(if negated {
                Narrowing::Open
            } else {
                Narrowing::Taken
            })
        } else if is_word(x, DAY_KINDS)
            || is_word(x, &["working", "business", "work"]) && at(j + 1, &["day", "days"])
        {
            Some(Narrowing::Day)
        } else if is_word(x, KINDS_OF_PATIENT) && at(j + 1, PEOPLE) || is_word(x, GROUPS) {
            Some(Narrowing::Audience)
        } else if is_word(x, &["review", "reviewed", "approved", "validated"]) {
            Some(Narrowing::Review)
        } else if is_word(x, &["clinic"])
            && phrase[j.saturating_sub(3)..j]
                .iter()
                .any(|y| is_word(y, &["patient", "patients"]))
            || is_word(x, &["clinic"])
                && at(j + 1, &["of"])
                && phrase[j + 2..]
                    .iter()
                    .find(|y| !is_word(y, DETERMINERS))
                    .is_some_and(|y| is_word(y, &["patient", "patients"]))
        {
            Some(Narrowing::PatientClinic)
        } else {
            None
        };
        if let Some(kind) = kind {
            found.push((kind, j));
        }
    }
    found
}

/// Whether the clause says the `upcoming` flag: "When true, …", "optionally only …", "with
/// upcoming, only those …", "with upcoming set to true".
pub(crate) fn flag_said(clause: &[&Tok]) -> bool {
    clause.iter().enumerate().any(|(j, x)| {
        is_word(
            x,
            &["optionally", "optional", "when", "whether", "if", "unless"],
        ) || is_word(x, &["upcoming"])
            && (j >= 1 && is_word(clause[j - 1], &["with"])
                || is_word_at(
                    clause,
                    j + 1,
                    &["true", "set", "flag", "argument", "parameter", "is"],
                ))
    })
}

/// Whether `named` (the words of a value) names one this server matches in any letter case: a
/// specialty name, which `list_doctors` and `find_available_slots` compare with the doctors'
/// specialties ignoring case (`clinic-mcp/src/tools/doctors.rs`, `specialty_matches`). No other
/// value is matched so, and the contract's own routes match nothing by name.
pub(crate) fn matched_in_any_case(tool: &str, named: &[&Tok]) -> bool {
    matches!(tool, "list_doctors" | "find_available_slots")
        && named
            .iter()
            .any(|t| is_word(t, &["specialty", "specialties"]))
}

/// A list said to be narrowed by a condition its tool does not apply, in any field: a relative
/// clause or a phrase after what it lists ("appointments that start after now", "each one that
/// is not cancelled", "those with a review date", "each one of a doctor with no pending
/// appointment that day", "appointments with a doctor of the patient's clinic"), a kind of day
/// ("on weekdays only"), a kind of patient ("for new patients"), or a state before an
/// appointment list ("my open schedule"). Read against [`LISTS`]: a narrowing the tool does do
/// ("open slots within the window", "with upcoming, only those that start after now") passes,
/// and so does a case kept in ("cancelled ones too") or said to be dropped ("slots that are
/// already booked are omitted").
pub(crate) fn list_filter_invented(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(&(_, items, keeps, flagged)) = LISTS.iter().find(|l| l.0 == tool) else {
        return;
    };
    let n = clause.len();
    let flag = flag_said(clause);
    let kept = |k: Narrowing| keeps.contains(&k) || flag && flagged.contains(&k);
    let dropped = clause.iter().any(|x| is_word(x, DROPPED));
    // (both weekdays and weekends said keep every day)
    let every_day = clause.iter().any(|x| is_word(x, WEEKEND))
        && clause
            .iter()
            .any(|x| is_word(x, DAY_KINDS) && !is_word(x, WEEKEND));
    let mut hit: Option<&Tok> = None;
    for i in 0..n {
        // a state before an appointment list: "my open schedule", "active appointments"
        if items == APPOINTMENT_NOUNS
            && is_word(
                clause[i],
                &["appointments", "schedule", "visits", "bookings"],
            )
            && !kept(Narrowing::Status)
        {
            hit = hit.or(clause[..i]
                .iter()
                .rev()
                .take_while(|x| !is_word(x, DETERMINERS) && x.kind == Kind::Word)
                .find(|x| is_word(x, &["open", "active", "live", "outstanding", "remaining"]))
                .copied());
        }
        // the list's noun, "those", "ones", or "each one"
        let pronoun = is_word(clause[i], &["those", "ones"]);
        let each_one =
            is_word(clause[i], &["one"]) && i >= 1 && is_word(clause[i - 1], &["each", "every"]);
        if !(is_word(clause[i], items) || pronoun || each_one) {
            continue;
        }
        let linked = is_word_at(clause, i + 1, LINKERS);
        // (after "each", a with-phrase gives what each one holds: "each with its status")
        let contents = is_word_at(clause, i + 1, &["with"])
            && (each_one || i >= 1 && is_word(clause[i - 1], &["each"]));
        if !(linked || pronoun) || contents {
            continue;
        }
        let phrase: Vec<&Tok> = clause[i + 1..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .copied()
            .collect();
        // (a case kept in, or put out: "cancelled ones too", "those of other doctors are never
        // in it", "not those …", "slots that are booked are not returned")
        let negated = |x: &&Tok| is_word(x, NEGATIONS) || is_word(x, &["no"]);
        if dropped
            || clause[..i].iter().rev().take(2).any(negated)
            || phrase.iter().any(|x| is_word(x, INCLUSIVE))
            || clause[i + 1 + phrase.len()..].iter().any(negated)
        {
            continue;
        }
        for (kind, j) in narrowings(&phrase, items) {
            if !(kept(kind) || kind == Narrowing::Day && every_day) {
                hit = hit.or(Some(phrase[j]));
            }
        }
    }
    // a kind of day or of patient anywhere in the clause: "Open slots, earliest first, on
    // weekdays only", "…, for new patients"
    for (kind, j) in narrowings(clause, items) {
        // (a case kept in is said in the same phrase: "for patients of any kind", "on
        // weekdays too"; not "of every doctor, on weekdays only")
        let start = clause[..j]
            .iter()
            .rposition(|x| x.kind == Kind::Comma)
            .map_or(0, |c| c + 1);
        let end = clause[j..]
            .iter()
            .position(|x| x.kind == Kind::Comma)
            .map_or(n, |c| j + c);
        let inclusive = clause[start..end].iter().any(|x| is_word(x, INCLUSIVE));
        let bounded = match kind {
            Narrowing::Day => {
                // (a day named alone is a date's, "the last slot is on Friday"; a kind of day,
                // or days named in the plural, keep the list to them)
                let kind_of_day = is_word(clause[j], WEEKEND)
                    || is_word(clause[j], &["weekday", "weekdays", "workday", "workdays"])
                    || clause[j].text.ends_with('s')
                    || !is_word(clause[j], DAY_KINDS);
                let after = |list: &[&str]| {
                    j >= 1 && is_word(clause[j - 1], list)
                        || j >= 2
                            && is_word(clause[j - 2], list)
                            && is_word(clause[j - 1], DETERMINERS)
                };
                !every_day
                    && !inclusive
                    && (kind_of_day
                        && after(&["on", "at", "during", "over", "only", "except", "excluding"])
                        || is_word_at(clause, j + 1, &["only"])
                        || is_word_at(clause, j + 1, &["to", "through", "till", "until"])
                            && is_word_at(clause, j + 2, DAY_KINDS))
            }
            // (said of the list: "List doctors for adult patients", "slots … for new
            // patients"; not "each dosage in it is for children")
            Narrowing::Audience => {
                let mut k = j;
                while k > 0
                    && (is_word(clause[k - 1], DETERMINERS)
                        || is_word(clause[k - 1], KINDS_OF_PATIENT))
                {
                    k -= 1;
                }
                // (nor a value's case: "`false` for adults")
                let value = k >= 2
                    && (clause[k - 2].kind == Kind::Ident
                        || clause[k - 2].text == "`"
                        || is_word(clause[k - 2], &["true", "false", "null"]));
                !inclusive
                    && !value
                    && k >= 1
                    && is_word(clause[k - 1], &["for", "to"])
                    && (clause[..k - 1]
                        .iter()
                        .any(|x| is_word(x, items) || is_word(x, &["those", "ones"]))
                        || is_word(clause[0], &["list", "find", "search"])
                        // (a phrase with no verb before it, after the list's own text: "…
                        // (default: the next 7 days), for new patients")
                        || !clause[..k - 1].iter().any(|x| {
                            x.kind == Kind::Word
                                && verb(&x.text).is_some_and(|(_, _, f)| {
                                    matches!(f, Form::Third | Form::Past)
                                })
                                || is_word(x, &["is", "are", "was", "were"])
                        }))
            }
            _ => false,
        };
        if bounded && !kept(kind) {
            hit = hit.or(Some(clause[j]));
        }
    }
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a list said to be narrowed by a condition its tool does not apply: the schedule and the patient's appointments hold every status and time (with upcoming, only those that start after now, pending or confirmed); a slot search keeps open slots in its window, of every day, for every patient; a protocol search keeps matches, reviewed or not; no list keeps a kind of patient or a patient's clinic".to_owned(),
        );
    }
}
