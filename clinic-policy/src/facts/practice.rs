//! Two clinic practices that a tool of another API may have and this server's tools have none
//! of: a calendar on which new slots or doctors come, and a prerequisite the contract does not
//! set (an intake before a search). The clinic API (`/work/shared/clinic-api.md`) gives every
//! slot it holds at once, releases a cancelled slot at once, and asks nothing of a caller but
//! its role. Said of a tool this server serves ([`crate::served::role_of`]) such a practice is
//! false, and the agent tells the patient to wait or turns the patient away. Said of a tool name
//! this server does not serve it is that tool's own.
//!
//! A fee is read here too: the clinic API has none, so a fee said of a tool this server serves
//! is false ("The fee of each move is 1500 in cents") and puts the patient off a change. A
//! writer's own tool, of another name, may state its fees (a row of the "How to say it" table).
//! An age limit is read by the eligibility readings, and a reminder by `bodies.rs`.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The people a prerequisite is asked of.
const PATIENTS: &[&str] = &[
    "patient", "patients", "person", "persons", "people", "caller", "callers", "user", "users",
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

/// Parts of a calendar or a clock beside the units of time.
const DAY_PARTS: &[&str] = &[
    "morning", "mornings", "evening", "evenings", "night", "nights", "weekday", "weekdays",
    "weekend", "weekends",
];

/// Whether a word is a unit of a calendar or a clock.
fn unit(t: &Tok) -> bool {
    is_word(t, TIME_UNITS) || is_word(t, DAY_PARTS)
}

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

/// A clinic practice said of a tool this server serves, read sentence by sentence (a label's
/// colon is no end); one violation for each sentence.
pub(crate) fn practice_claimed(text: &str, tool: &str, out: &mut Vec<Violation>) {
    if crate::served::role_of(tool).is_none() {
        return;
    }
    let toks = tokens(text);
    let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
    for sentence in sentences {
        let clause: Vec<&Tok> = sentence.iter().collect();
        let clause = clause.as_slice();
        let found = [
            supply_scheduled(clause).map(|t| {
                (
                    t,
                    "slots or doctors said to come on a calendar or after a delay: the clinic API gives every slot it holds at once, and a cancelled slot is released at once",
                )
            }),
            fee_said(clause).map(|t| {
                (
                    t,
                    "a fee said of a tool of this server: the clinic API has no fee, price or charge",
                )
            }),
            notice_sent(clause).map(|t| {
                (
                    t,
                    "a person said to get a notice from the clinic: the clinic API answers only the caller and sends no reminder, message, receipt or call",
                )
            }),
            prerequisite(clause).map(|t| {
                (
                    t,
                    "a prerequisite said of the caller of a tool of this server: the clinic API asks none but the caller's role",
                )
            }),
        ];
        // (a word another reading already refused keeps that reading's message; the next
        // practice of the sentence is then read)
        if let Some((t, why)) = found
            .into_iter()
            .flatten()
            .find(|(t, _)| !out.iter().any(|v| v.range == (t.start..t.end)))
        {
            push(out, Rule::Directive, t, why.to_owned());
        }
    }
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
            || is_word(t, &["each", "every"])
                && (clause.get(k + 1).is_some_and(|x| unit(x)) || after(&WEEKDAYS_AND_MONTHS[..7]))
            || is_word(t, &["first", "last"]) && after(&["day", "days", "week", "weeks"])
            || unit(t) && after(&["after", "later"])
            // a delay: "open again in 2 hours", "released after one day", "within a week"
            || is_word(t, &["in", "after", "within"])
                && (clause
                    .get(k + 1)
                    .is_some_and(|n| n.kind == Kind::Ident && n.text.bytes().all(|b| b.is_ascii_digit()))
                    || after(&["a", "an", "one", "two", "few", "several"]))
                && clause.get(k + 2).is_some_and(|x| unit(x))
    });
    when.then_some(clause[coming])
}

/// Words of money: a fee, a charge, a payment, a deposit, a penalty, a refund, an amount in
/// cents or a currency.
const MONEY: &[&str] = &[
    "fee",
    "fees",
    "charged",
    "charge",
    "charges",
    "payment",
    "payments",
    "paid",
    "pay",
    "pays",
    "invoice",
    "invoices",
    "penalty",
    "penalties",
    "deposit",
    "deposits",
    "billing",
    "billed",
    "refund",
    "refunds",
    "refunded",
    "cents",
    "cent",
    "currency",
    "price",
    "prices",
    "cost",
    "costs",
];

/// Money said of a served tool ("The fee of an intake is 3000 in cents", "a penalty of 2000 in
/// cents is due", "the amount due in cents", "the deposit is kept"), unless the money itself is
/// denied ("no fee", "without a fee", "not charged", "fees and insurance are omitted"); a denial
/// elsewhere in the sentence ("… and is not refunded") denies something else.
fn fee_said<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        if !is_word(t, MONEY) {
            return None;
        }
        let before = clause[k.saturating_sub(3)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "without", "free"]));
        // (after it: "fees are omitted", "fees and insurance are not part of it")
        let mut j = k + 1;
        if is_word_at(clause, j, &["and", "or"]) {
            j += (j + 1..(j + 4).min(clause.len()))
                .find(|&i| is_word(clause[i], &["is", "are"]))
                .map_or(2, |i| i - j);
        }
        while is_word_at(clause, j, &["is", "are", "also"]) {
            j += 1;
        }
        let after = is_word_at(clause, j, NEGATIONS)
            || is_word_at(
                clause,
                j,
                &["omitted", "absent", "none", "excluded", "never"],
            );
        (!before && !after).then_some(t)
    })
}

/// Words of a patient's history or standing that a condition on the caller names ("with no
/// missed visit", "with no upcoming appointment", "with no late cancellation"): the contract
/// asks none of them.
const HISTORY: &[&str] = &[
    "missed",
    "late",
    "past",
    "previous",
    "earlier",
    "upcoming",
    "unpaid",
    "debt",
    "debts",
    "history",
    "record",
    "visit",
    "visits",
    "cancellation",
    "cancellations",
    "booking",
    "bookings",
];

/// A patient said to need something before a call: "for a patient with an intake", "for
/// patients with a referral", "for a patient who has a referral", "for a patient that holds
/// one", "for patients with no missed visit". "with or without an intake" asks nothing.
fn prerequisite<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    // ("Only when the patient has no missed visit"; not "an empty list when the patient has no
    // appointment")
    let only = clause.iter().any(|x| is_word(x, &["only"]));
    (1..clause.len()).find_map(|k| {
        let t = clause[k];
        let with = is_word(t, &["with", "without"]) && !is_word_at(clause, k + 1, &["or"]);
        let holds = ["has", "have", "having", "holds", "hold", "owns", "carries"];
        let who_has = is_word(t, &["who", "that", "whose"]) && is_word_at(clause, k + 1, &holds);
        // ("when the patient has a referral", "for a patient having one")
        let has = is_word(t, &holds);
        // (a bare "has" is a condition only under "only"; a history or money word is one under
        // "only" or a denial: "the patient with the booking id" names the patient)
        if !(with || who_has || has && only) || !is_word(clause[k - 1], PATIENTS) {
            return None;
        }
        let phrase = &clause[k + 1..(k + 6).min(clause.len())];
        let denied = is_word(t, &["without"]) || phrase.iter().any(|x| is_word(x, &["no"]));
        phrase
            .iter()
            .find(|x| {
                is_word(x, PREREQUISITES)
                    || (only || denied) && (is_word(x, HISTORY) || is_word(x, MONEY))
                    || has && is_word(x, &["no"])
            })
            .copied()
    })
}

/// What a clinic sends a person: a reminder, a receipt, a notice, a message, a letter, a call.
const NOTICES: &[&str] = &[
    "reminder",
    "reminders",
    "receipt",
    "receipts",
    "notice",
    "notices",
    "notification",
    "notifications",
    "message",
    "messages",
    "email",
    "emails",
    "letter",
    "letters",
    "sms",
    "call",
    "calls",
    "word",
];

/// A person said to get a notice ("The patient gets a receipt of the visit", "the patient gets
/// word from the clinic by phone", "A reminder reaches the patient the day after"): the clinic
/// API answers only the caller, and a tool of this server sends nothing to anyone. A denial ("gets
/// no reminder") and the error's message (the caller's) are no notice.
fn notice_sent<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let n = clause.len();
    // (the caller and the user are the agent's side, whose answer the error message is)
    let person = |x: &Tok| {
        is_word(x, PATIENTS) && !is_word(x, &["caller", "callers", "user", "users"])
            || is_word(x, &["doctor", "doctors", "oncall"])
    };
    let notice = |j: usize| {
        is_word(clause[j], NOTICES)
            && !(is_word(clause[j], &["message", "messages"]) && is_word_at(clause, j + 1, &["of"]))
            && (!is_word(clause[j], &["word"]) || is_word_at(clause, j + 1, &["from", "by", "of"]))
            && (!is_word(clause[j], &["call", "calls"])
                || is_word_at(clause, j + 1, &["from", "by"]))
    };
    let denied = |a: usize, b: usize| {
        clause[a..b]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    };
    (0..n).find_map(|k| {
        // "the patient gets/receives … <notice>"
        let gets = is_word(
            clause[k],
            &["gets", "get", "receives", "receive", "got", "received"],
        ) && k >= 1
            && clause[k.saturating_sub(3)..k].iter().any(|x| person(x));
        if gets {
            let j = (k + 1..(k + 5).min(n)).find(|&j| notice(j))?;
            return (!denied(k, j)).then_some(clause[j]);
        }
        // "<notice> reaches / goes to / is sent to the patient"
        if notice(k) {
            let v = (k + 1..(k + 4).min(n)).find(|&v| {
                is_word(
                    clause[v],
                    &[
                        "reaches", "reach", "goes", "go", "sent", "arrives", "arrive",
                    ],
                )
            })?;
            let to = (v + 1..(v + 4).min(n)).any(|p| person(clause[p]));
            return (to && !denied(k, v + 1)).then_some(clause[k]);
        }
        None
    })
}
