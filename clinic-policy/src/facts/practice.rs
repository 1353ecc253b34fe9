//! A clinic's practices that a tool of another API may have and this server's tools have none
//! of: an age limit on the patients, a reminder or a message sent to a person, a fee or a
//! refund, a calendar on which new slots or doctors come, and a prerequisite the contract does
//! not set (an intake before a search). The clinic API (`/work/shared/clinic-api.md`) asks no
//! age, sends nothing but its answer to the caller, holds no money, gives every slot it holds
//! at once and releases a cancelled slot at once, and asks no intake but for an intake's own
//! reads. Said of a tool this server serves ([`crate::served::role_of`]) such a practice is
//! false, and the agent refuses a patient, promises a reminder or a refund, or tells the patient
//! to wait. Said of a tool name this server does not serve it is that tool's own, and is read
//! elsewhere.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The people a case of age narrows.
const PATIENTS: &[&str] = &[
    "patient", "patients", "person", "persons", "people", "caller", "callers", "user", "users",
];

/// Groups of people by age: the adjective before a person ("adult patients") or the noun for
/// the people themselves ("for adults").
const AGE_GROUPS: &[&str] = &[
    "adult",
    "adults",
    "minor",
    "minors",
    "child",
    "children",
    "kid",
    "kids",
    "elderly",
    "senior",
    "seniors",
    "pediatric",
    "paediatric",
    "underage",
    "juvenile",
    "juveniles",
    "teen",
    "teens",
    "teenager",
    "teenagers",
    "infant",
    "infants",
    "newborn",
    "newborns",
    "grown-up",
    "grown-ups",
];

/// What carries a message to a person, besides the answer: the clinic API sends none.
const NOTICES: &[&str] = &[
    "reminder",
    "reminders",
    "notification",
    "notifications",
    "sms",
    "email",
    "emails",
    "e-mail",
    "e-mails",
    "alert",
    "alerts",
];

/// Money moved or owed: the clinic API holds none.
const MONEY: &[&str] = &[
    "fee",
    "fees",
    "refund",
    "refunds",
    "refunded",
    "refundable",
    "charge",
    "charges",
    "charged",
    "pay",
    "pays",
    "paid",
    "payment",
    "payments",
    "deposit",
    "deposits",
    "price",
    "prices",
    "priced",
    "cost",
    "costs",
    "bill",
    "bills",
    "billed",
    "billing",
    "invoice",
    "invoices",
    "invoiced",
];

/// What a clinic adds on a calendar: slots and doctors.
const SUPPLY: &[&str] = &[
    "slot",
    "slots",
    "doctor",
    "doctors",
    "specialty",
    "specialties",
    "appointment",
    "appointments",
];

/// Verbs and adjectives of something coming into supply.
const COMING: &[&str] = &[
    "open",
    "opens",
    "opened",
    "join",
    "joins",
    "joined",
    "added",
    "publish",
    "publishes",
    "published",
    "release",
    "releases",
    "released",
    "appear",
    "appears",
    "available",
    "free",
];

/// Units of a calendar or a clock.
const UNITS: &[&str] = &[
    "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
    "year", "years", "morning", "mornings", "evening", "evenings", "night", "nights", "weekday",
    "weekdays", "weekend", "weekends",
];

/// What a patient is said to need to have before the call: an intake, a form, a level, a
/// document; the contract asks none of them of a tool of this server.
const PREREQUISITES: &[&str] = &[
    "intake",
    "intakes",
    "form",
    "forms",
    "questionnaire",
    "referral",
    "referrals",
    "insurance",
    "deposit",
    "card",
    "subscription",
    "membership",
    "triage",
    "consent",
];

/// Whether the thing at `k` is denied: a negation in the phrase before it, back to a comma
/// ("gets no reminder", "is not charged", "with no fee"), or a predicate after it that says it
/// is not there ("Fees and insurance are omitted", "Reminders of appointments: none", "Fees are
/// not part of the data"). "The fee is not refunded" says there is a fee, and is no denial.
fn negated(clause: &[&Tok], k: usize) -> bool {
    let before = clause[..k]
        .iter()
        .rev()
        .take_while(|x| x.kind != Kind::Comma)
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "free", "nothing"]));
    let after = clause[k + 1..].iter().enumerate().any(|(i, x)| {
        is_word(x, &["omitted", "none", "absent", "missing", "excluded"])
            || is_word(x, &["not"])
                && clause.get(k + 2 + i).is_some_and(|n| {
                    is_word(
                        n,
                        &[
                            "part", "included", "returned", "given", "shown", "held", "kept",
                            "sent", "stored", "listed", "there", "in",
                        ],
                    )
                })
    });
    before || after
}

/// A clinic practice said of a tool this server serves, read sentence by sentence (a label's
/// colon is no end: "Reminders of appointments: none"); one violation for each sentence. The
/// first word of the text names the value it describes ("Fee of the visit, …"), which the
/// tables of the answers read.
pub(crate) fn practice_claimed(text: &str, tool: &str, out: &mut Vec<Violation>) {
    if crate::served::role_of(tool).is_none() {
        return;
    }
    let toks = tokens(text);
    let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
    for (n, sentence) in sentences.enumerate() {
        let clause: Vec<&Tok> = sentence.iter().collect();
        let clause = clause.as_slice();
        let found = age_limit(clause)
            .map(|t| (t, "an age limit said of a tool of this server: the clinic API asks no age"))
            .or_else(|| {
                notice(clause).map(|t| {
                    (
                        t,
                        "a reminder or a message said of a tool of this server: the clinic API answers the caller and sends nothing to anyone",
                    )
                })
            })
            .or_else(|| {
                money(clause, n == 0).map(|t| {
                    (
                        t,
                        "a fee, a payment or a refund said of a tool of this server: the clinic API holds no money",
                    )
                })
            })
            .or_else(|| {
                supply_scheduled(clause).map(|t| {
                    (
                        t,
                        "slots or doctors said to come on a calendar or after a delay: the clinic API gives every slot it holds at once, and a cancelled slot is released at once",
                    )
                })
            })
            .or_else(|| {
                prerequisite(clause).map(|t| {
                    (
                        t,
                        "a prerequisite said of the caller of a tool of this server: the clinic API asks none but the caller's role",
                    )
                })
            });
        // (a word another reading already refused keeps that reading's message)
        if let Some((t, why)) = found
            && !out.iter().any(|v| v.range == (t.start..t.end))
        {
            push(out, Rule::Directive, t, why.to_owned());
        }
    }
}

/// An age said as a case of the people: "patients of 18 years or more", "a patient aged 16",
/// "patients under 18", "adult patients", "for adults". "of any age" says none.
fn age_limit<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let person = |i: usize| clause.get(i).is_some_and(|x| is_word(x, PATIENTS));
    let number = |i: usize| clause.get(i).is_some_and(|x| x.kind == Kind::Ident);
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        // "adult patients", "for adults", "to minors"
        let group = is_word(t, AGE_GROUPS)
            && (person(k + 1)
                || k >= 1 && is_word(clause[k - 1], &["for", "to", "by", "of", "only"]));
        // "patients under 18", "a patient aged 16", "a patient older than 65"
        let compared = k >= 1
            && person(k - 1)
            && (is_word(t, &["under", "over", "above", "below", "aged"]) && number(k + 1)
                || is_word(t, &["older", "younger"]) && is_word_at(clause, k + 1, &["than"]));
        // "of 18 years or more", "18 years old": a count of years after a person
        let years = number(k)
            && is_word_at(clause, k + 1, &["year", "years", "yrs"])
            && (k.saturating_sub(4)..k).any(person);
        (group || compared || years).then_some(t)
    })
}

/// A reminder or a message said to be sent or got, not denied: "the patient gets a reminder by
/// SMS", "an email goes to the patient". "The patient gets no reminder" passes.
fn notice<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        // (a person's address is a datum, read as one: "the patient's email", "email address")
        let address = k >= 1 && is_word(clause[k - 1], PEOPLE)
            || is_word_at(clause, k + 1, &["address", "addresses"]);
        (is_word(clause[k], NOTICES) && !address && !negated(clause, k)).then_some(clause[k])
    })
}

/// Money said to move or be owed, not denied: "the patient gets a refund", "a cancelled one is
/// refunded", "a late fee applies". "No fee is charged" passes; so does the name of a value
/// that opens a text ("Fee of the visit, …"): what an answer holds is read by its tables.
fn money<'a>(clause: &[&'a Tok], opening: bool) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        let named = opening && k == 0;
        (is_word(clause[k], MONEY) && !named && !negated(clause, k)).then_some(clause[k])
    })
}

/// Slots or doctors said to come into supply on a calendar or after a delay: "New slots open
/// each Monday", "Slots of the next month open on the first day of each month", "open to other
/// patients one hour after the cancellation". An open slot named ("open slots of one doctor for
/// each day") is no coming, and a release at once ("its slot is released") names no time.
fn supply_scheduled<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let coming = (0..clause.len()).find(|&k| {
        is_word(clause[k], COMING)
            && !is_word_at(clause, k + 1, SUPPLY)
            && !is_word_at(clause, k + 1, &["appointment", "time"])
    })?;
    // (what comes: a slot or a doctor in the clause, or the clause is the predicate of the
    // value the text describes: "The booked slot; open to other patients …")
    if coming != 0 && !clause.iter().any(|x| is_word(x, SUPPLY)) {
        return None;
    }
    let when = (0..clause.len()).any(|k| {
        let t = clause[k];
        let after = |w: &[&str]| is_word_at(clause, k + 1, w);
        is_word(t, &WEEKDAYS_AND_MONTHS[..7])
            || is_word(t, &["weekly", "monthly", "daily", "nightly", "yearly"])
            || is_word(t, &["each", "every"]) && (after(UNITS) || after(&WEEKDAYS_AND_MONTHS[..7]))
            || is_word(t, &["first", "last"]) && after(&["day", "days", "week", "weeks"])
            || is_word(t, UNITS) && after(&["after", "later"])
    });
    when.then_some(clause[coming])
}

/// A patient said to need something before a call: "for a patient with an intake", "for
/// patients with a referral". "with or without an intake" asks nothing.
fn prerequisite<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (1..clause.len()).find_map(|k| {
        let t = clause[k];
        if !is_word(t, &["with"])
            || !is_word(clause[k - 1], PATIENTS)
            || is_word_at(clause, k + 1, &["or"])
        {
            return None;
        }
        clause[k + 1..]
            .iter()
            .take(3)
            .find(|x| is_word(x, PREREQUISITES))
            .copied()
    })
}
