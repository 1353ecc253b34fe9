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

use crate::lang::predicates::RELATIVES;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The people a prerequisite is asked of.
const PATIENTS: &[&str] = &[
    "patient", "patients", "person", "persons", "people", "caller", "callers", "user", "users",
];

/// What a clinic adds on a calendar: slots and doctors, and slots by other names (open times,
/// openings, dates).
const SUPPLY: &[&str] = &[
    "slot",
    "slots",
    "times",
    "openings",
    "dates",
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
            kind_of_visit(clause).map(|t| {
                (
                    t,
                    "a kind of visit or appointment refused or required by a tool of this server: the clinic API has no kinds of visit, and every open slot can be booked",
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
/// patients one hour after the cancellation", and with any verb whose subject is the slot or the
/// doctor ("New slots are offered each Monday", "A cancelled slot returns to the list after one
/// day", "New doctors are shown from the first Monday of each month"). An open slot named ("open
/// slots of one doctor for each day") is no coming, a slot found or listed by the tool is its
/// object, not a subject, and a release at once ("its slot is released") names no time.
fn supply_scheduled<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let coming = (0..clause.len()).find(|&k| {
        is_word(clause[k], COMING)
            && !is_word_at(clause, k + 1, SUPPLY)
            && !is_word_at(clause, k + 1, &["appointment", "time"])
    });
    // (what comes: a slot or a doctor in the clause, or the clause is the predicate of the
    // value the text describes: "The booked slot; open to other patients …")
    let coming = coming.filter(|&c| c == 0 || clause.iter().any(|x| is_word(x, SUPPLY)));
    // (any verb said of a slot or a doctor as its subject: the supply, then its verb)
    let verb_of_supply = || {
        let s = (0..clause.len()).find(|&s| {
            is_word(clause[s], SUPPLY)
                && !clause[s].possessive
                && !clause[..s]
                    .iter()
                    .rev()
                    .take_while(|x| x.kind != Kind::Comma)
                    .any(|x| is_word(x, PREPOSITIONS) || is_word(x, RELATIVES))
        })?;
        (s + 1..clause.len()).find(|&v| supply_verb(clause, v))
    };
    let at = coming.or_else(verb_of_supply)?;
    let by_a_verb = coming.is_none();
    let when = (0..clause.len()).any(|k| {
        let t = clause[k];
        let after = |w: &[&str]| is_word_at(clause, k + 1, w);
        is_word(t, &WEEKDAYS_AND_MONTHS[..7])
            || is_word(t, &["weekly", "monthly", "nightly", "yearly"])
            || is_word(t, &["daily"]) && !by_a_verb
            || is_word(t, &["each", "every"])
                && (clause.get(k + 1).is_some_and(|x| unit(x)) || after(&WEEKDAYS_AND_MONTHS[..7]))
                // (with any verb, "for each day" groups the slots; "each Monday", "from every
                // week" is a calendar)
                && !(by_a_verb
                    && k > 0
                    && is_word(clause[k - 1], &["for", "of", "per", "by", "in", "within"]))
            || is_word(t, &["first", "last"]) && after(&["day", "days", "week", "weeks"])
            || unit(t) && after(&["after", "later"])
            // a delay: "open again in 2 hours", "released after one day", "within a week"
            || is_word(t, &["in", "after", "within"])
                && !(by_a_verb && is_word(t, &["within"]))
                && (clause
                    .get(k + 1)
                    .is_some_and(|n| n.kind == Kind::Ident && n.text.bytes().all(|b| b.is_ascii_digit()))
                    || after(&["a", "an", "one", "two", "few", "several"]))
                && clause.get(k + 2).is_some_and(|x| unit(x))
    });
    when.then_some(clause[at])
}

/// Is the word at `v` a verb said of the supply before it: a finite verb or a passive participle
/// ("are offered", "returns", "is shown"), not denied, and not the slot's own time ("starts",
/// "ends", "lasts").
fn supply_verb(clause: &[&Tok], v: usize) -> bool {
    let t = clause[v];
    if t.kind != Kind::Word
        || is_word(t, SUPPLY)
        || is_word(t, COPULAS)
        || is_word(
            t,
            &[
                "start", "starts", "end", "ends", "last", "lasts", "begin", "begins",
            ],
        )
    {
        return false;
    }
    let finite = match verb(&t.text) {
        Some((_, _, Form::Third | Form::Past)) => true,
        Some((_, _, Form::Participle)) => {
            v > 0 && (is_word(clause[v - 1], COPULAS) || is_word(clause[v - 1], &["be", "been"]))
                || v > 1 && is_word(clause[v - 2], COPULAS)
        }
        Some((_, _, Form::Base)) => v > 0 && is_word(clause[v - 1], MODALS),
        _ => false,
    };
    finite
        && !clause[v.saturating_sub(2)..v]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
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
/// denied ("no fee", "without a fee", "not charged", "fees and insurance are omitted", "no fee,
/// price or charge"); a denial elsewhere in the sentence ("… and is not refunded") denies
/// something else, and so does a denial of a compound whose head is another noun ("no fee
/// refund", "no deposit refund": the refund is denied, the fee or deposit stated) or of a
/// phrase the money is only the object of ("no refund of the fee").
fn fee_said<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        if !is_word(t, MONEY) {
            return None;
        }
        let before = money_denied(clause, k);
        // (after it: "fees are omitted", "fees and insurance are not part of it"; not "the fee
        // is not refunded", which keeps the fee)
        let mut j = k + 1;
        if is_word_at(clause, j, &["and", "or"]) {
            j += (j + 1..(j + 4).min(clause.len()))
                .find(|&i| is_word(clause[i], &["is", "are"]))
                .map_or(2, |i| i - j);
        }
        while is_word_at(clause, j, &["is", "are", "also"]) {
            j += 1;
        }
        let after = (is_word_at(clause, j, NEGATIONS)
            && !is_word_at(
                clause,
                j + 1,
                &[
                    "refunded", "returned", "kept", "repaid", "given", "lowered", "changed",
                ],
            ))
            || is_word_at(
                clause,
                j,
                &["omitted", "absent", "none", "excluded", "never"],
            );
        (!before && !after).then_some(t)
    })
}

/// Words that end a noun phrase going right: a mark, a preposition, a conjunction, a copula, a
/// modal, a relative, a negation.
fn ends_a_phrase(t: &Tok) -> bool {
    t.kind != Kind::Word
        || is_word(t, PREPOSITIONS)
        || is_word(t, &["and", "or", "but", "nor", "than"])
        || is_word(t, COPULAS)
        || is_word(t, MODALS)
        || is_word(t, RELATIVES)
        || is_word(t, NEGATIONS)
        || is_word(t, &["has", "have", "had", "applies", "apply", "does", "do"])
}

/// Nouns that carry what is said of money, not money of their own: a denied "fee field" or
/// "data on fees" denies the fee too (unlike a "fee refund", which keeps the fee).
const MONEY_CARRIERS: &[&str] = &[
    "field",
    "fields",
    "data",
    "value",
    "values",
    "information",
    "entry",
    "entries",
    "column",
    "columns",
    "item",
    "items",
    "line",
    "lines",
    "amount",
    "amounts",
    "mention",
    "word",
    "words",
];

/// Is the money word at `k` itself denied: a denial ("no", "not", "without", "free", "never")
/// in its own noun phrase before it (a preposition or a mark ends the phrase: "no refund of the
/// fee" denies the refund), and the money word the phrase's head (no noun after it in its
/// compound: "no fee refund" denies the refund). A list of money words shares one denial ("no
/// fee, price or charge").
fn money_denied(clause: &[&Tok], k: usize) -> bool {
    // (the head: the words after it up to the phrase's end are none, or a carrier of what is
    // said of the money, "no fee field"; a money participle after it is its predicate, "no fee
    // charged")
    let ends = |n: &Tok| {
        ends_a_phrase(n)
            || verb(&n.text).is_some_and(|(_, _, f)| {
                f == Form::Participle || f == Form::Third && !is_word(n, MONEY)
            })
    };
    let mut h = k + 1;
    while clause
        .get(h)
        .is_some_and(|n| !ends(n) && is_word(n, MONEY_CARRIERS))
    {
        h += 1;
    }
    if clause.get(h).is_some_and(|n| !ends(n)) {
        return false;
    }
    let mut i = k;
    let mut words = 0;
    while i > 0 && words < 4 {
        i -= 1;
        let x = clause[i];
        if is_word(x, NEGATIONS) || is_word(x, &["no", "free"]) {
            return true;
        }
        // (a list of money words: "no fee, price or charge")
        if (x.kind == Kind::Comma || is_word(x, &["and", "or"]))
            && i > 0
            && (is_word(clause[i - 1], MONEY)
                || is_word(clause[i - 1], &["and", "or"])
                || clause[i - 1].kind == Kind::Comma)
        {
            continue;
        }
        // (a carrier of what is said of the money: "no data on fees", "no field for a fee")
        if is_word(x, &["on", "about", "of", "for"])
            && i > 0
            && is_word(clause[i - 1], MONEY_CARRIERS)
        {
            continue;
        }
        if ends_a_phrase(x) {
            // ("free of charge")
            return is_word(x, &["of"]) && i > 0 && is_word(clause[i - 1], &["free"]);
        }
        words += 1;
    }
    false
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
    if let Some(t) = state_of_the_caller(clause, only) {
        return Some(t);
    }
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

/// Words on a person that name who they are to this server or to the act, not a state of their
/// own history: the caller ("the authenticated patient"), the act's own ("the booked patient",
/// "the patient named in the appointment"), a count or a scope.
const NOT_A_STANDING: &[&str] = &[
    "authenticated",
    "logged",
    "calling",
    "current",
    "same",
    "other",
    "own",
    "given",
    "named",
    "booked",
    "confirmed",
    "cancelled",
    "rejected",
    "escalated",
    "moved",
    "rescheduled",
    "listed",
    "shown",
    "returned",
    "found",
    "matched",
    "assigned",
    "affected",
    "concerned",
    "involved",
    "told",
    "called",
];

/// States a person is in that no call asks (new, returning, adult, a member).
const STANDINGS: &[&str] = &[
    "new",
    "returning",
    "existing",
    "regular",
    "known",
    "adult",
    "eligible",
    "member",
    "members",
    "active",
    "former",
    "older",
    "younger",
    "senior",
    "private",
    "public",
    "local",
    "special",
    "general",
    "normal",
    "insured",
    "referred",
];

/// People of an age or a tie, each a kind of patient no call asks about.
const KINDS_OF_PERSON: &[&str] = &[
    "child",
    "children",
    "adult",
    "adults",
    "minor",
    "minors",
    "senior",
    "seniors",
    "member",
    "members",
    "parent",
    "parents",
    "guardian",
    "guardians",
    "family",
    "families",
];

/// A participle or an adjective of the caller's history or standing on a person the call is
/// said to be for, read as a condition: "Only for referred patients", "For referred patients
/// only", "Only for patients referred by a doctor", "open to insured patients only", "for new
/// patients". The word stands before the person, or after it as a participle with its own
/// phrase ("patients referred by a doctor"); the clause restricts (an "only") or the person is
/// whom the tool is for ("for", "to"). The caller ("the authenticated patient") and the act's
/// own ("the booked patient") are no condition.
fn state_of_the_caller<'a>(clause: &[&'a Tok], only: bool) -> Option<&'a Tok> {
    let standing = |x: &Tok| {
        x.kind == Kind::Word
            && !x.possessive
            && !is_word(x, NOT_A_STANDING)
            && !is_word(x, PATIENTS)
            && (is_word(x, STANDINGS)
                || matches!(verb(&x.text), Some((_, _, Form::Participle)))
                || x.text.len() > 4 && x.text.ends_with("ed") && verb(&x.text).is_none())
    };
    (0..clause.len()).find_map(|k| {
        // (a kind of person is a standing of its own: "Not for children.", "for minors only")
        let kind = is_word(clause[k], KINDS_OF_PERSON);
        if !(is_word(clause[k], PATIENTS) || kind) || clause[k].possessive {
            return None;
        }
        // (before it: "referred patients", "for the new patients", "for local patients")
        let pre = (k > 0 && standing(clause[k - 1])).then(|| k - 1);
        let pre = pre.or(kind.then_some(k));
        // (after it: "patients referred by a doctor", "patients insured with the clinic")
        let post = (clause.get(k + 1).is_some_and(|x| standing(x))
            && is_word_at(clause, k + 2, PREPOSITIONS)
            && !is_word_at(clause, k + 2, &["of"]))
        .then(|| k + 1);
        let m = pre.or(post)?;
        // (whom the tool is for: "for"/"to" before the person's phrase)
        let mut b = pre.unwrap_or(k);
        while b > 0 && is_word(clause[b - 1], DETERMINERS) {
            b -= 1;
        }
        let for_them = b > 0 && is_word(clause[b - 1], &["for", "to"]);
        // (a kind of person is a condition only when restricted or denied: "Not for children";
        // "protocols for children and adults" names what a protocol is about)
        let denied = clause[..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
        let restricts = if kind {
            only || for_them && denied
        } else {
            only || for_them
        };
        restricts.then_some(clause[m])
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
/// word from the clinic by phone", "A reminder reaches the patient the day after", "The patient
/// gets, from the clinic, a letter by email", "A call from the reception reaches the patient",
/// "A reminder is given to the patient"): the clinic API answers only the caller, and a tool of
/// this server sends nothing to anyone. Read over the whole clause: a notice and a person other
/// than the caller's side in it, joined by any verb, in any order. A denial of the notice, of
/// the person or of the verb ("gets no reminder", "nobody gets a message", "a reminder is not
/// sent") and the error's message (the caller's) are no notice; a denial of something else in
/// the clause ("and no fee is kept") denies no notice.
fn notice_sent<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let n = clause.len();
    // (the caller and the user are the agent's side, whose answer the error message is)
    let person = |x: &Tok| {
        (is_word(x, PATIENTS) && !is_word(x, &["caller", "callers", "user", "users"])
            || is_word(x, &["doctor", "doctors", "oncall", "guardian", "guardians"])
            || is_word(x, &["parent", "parents", "nurse", "nurses", "staff"]))
            && !x.possessive
    };
    // (a verb of receiving before it makes a call a notice: "the doctor gets a call")
    let received = |j: usize| {
        clause[..j].iter().rev().take(4).any(|x| {
            is_word(
                x,
                &[
                    "gets", "get", "receives", "receive", "got", "received", "given", "gives",
                ],
            )
        })
    };
    // (a call from someone, or by a line or the clinic: not "a call by a doctor", a caller's
    // call of the tool)
    let from_the_clinic = |j: usize| {
        is_word_at(clause, j + 1, &["from"])
            || is_word_at(clause, j + 1, &["by"])
                && clause[j + 2..]
                    .iter()
                    .find(|x| !is_word(x, DETERMINERS))
                    .is_some_and(|x| {
                        is_word(x, BODIES)
                            || is_word(
                                x,
                                &["phone", "telephone", "office", "desk", "nurse", "staff"],
                            )
                    })
    };
    // (an error's message, this call, the next call: the caller's own)
    let callers_own = |j: usize| {
        is_word(clause[j], &["message", "messages"]) && is_word_at(clause, j + 1, &["of"])
            || j > 0
                && is_word(
                    clause[j - 1],
                    &[
                        "error", "errors", "this", "next", "each", "every", "same", "tool", "api",
                    ],
                )
    };
    let notice = |j: usize| {
        is_word(clause[j], NOTICES)
            && !clause[j].possessive
            && !callers_own(j)
            && (!is_word(clause[j], &["word"]) || is_word_at(clause, j + 1, &["from", "by"]))
            && (!is_word(clause[j], &["call", "calls"]) || from_the_clinic(j) || received(j))
    };
    // (the phrases a denial covers: "no"/"not a" the next few words of its phrase; "nobody",
    // "none", "never" and a denied verb the clause up to a comma or a conjunction)
    let denied = |at: usize| {
        (0..n).any(|i| {
            let x = clause[i];
            let (a, b) = if i < at { (i, at) } else { (at, i) };
            let apart = clause[a..b]
                .iter()
                .any(|x| x.kind == Kind::Comma || is_word(x, &["and", "but", "or", "while"]));
            if is_word(x, &["nobody", "none", "neither", "never", "nothing"]) {
                return !apart;
            }
            if !(is_word(x, NEGATIONS) || is_word(x, &["no"])) {
                return false;
            }
            // (a denied noun: "no reminder", "no patient", "not a call")
            // (a list shares its denial: "no notification or reminder")
            let phrase_end = (i + 1..n)
                .find(|&e| {
                    clause[e].kind != Kind::Word
                        || is_word(clause[e], PREPOSITIONS)
                        || is_word(clause[e], &["but"])
                        || is_word(clause[e], &["and", "or", "nor"])
                            && !is_word_at(clause, e + 1, NOTICES)
                })
                .unwrap_or(n)
                .min(i + 6);
            if (i + 1..phrase_end).contains(&at) {
                return true;
            }
            // (a denied verb: "is not sent", "does not get", "never reaches"): the whole of its
            // part of the clause
            let verb_next = (i + 1..(i + 3).min(n))
                .any(|v| verb(&clause[v].text).is_some() || is_word(clause[v], &["in", "out"]));
            verb_next && !apart
        })
    };
    let someone = (0..n)
        .find(|&p| person(clause[p]) && !is_word_at(clause, p.wrapping_sub(1), &["authenticated"]));
    let someone = someone.or_else(|| (0..n).find(|&p| person(clause[p])))?;
    // (a verb joins them: any finite verb or participle of the clause)
    let joined = clause.iter().any(|x| {
        verb(&x.text).is_some_and(|(_, _, f)| {
            f != Form::Base || is_word(x, &["get", "receive", "reach", "go", "arrive"])
        })
    });
    if !joined {
        return None;
    }
    (0..n)
        .filter(|&j| notice(j))
        .find(|&j| !denied(j) && !denied(someone))
        .map(|j| clause[j])
}

/// Kinds of visit or appointment: first, follow-up, new, repeat, urgent, home, video, phone.
const KINDS_OF_VISIT: &[&str] = &[
    "first",
    "initial",
    "new",
    "repeat",
    "return",
    "returning",
    "follow",
    "followup",
    "urgent",
    "emergency",
    "home",
    "house",
    "video",
    "online",
    "phone",
    "telephone",
    "remote",
    "virtual",
    "telehealth",
    "walk",
    "person",
    "routine",
    "annual",
    "yearly",
    "second",
    "specialist",
    "group",
    "private",
    "short",
    "long",
    "double",
    "same",
    "weekend",
    "evening",
    "night",
];

/// Nouns of a visit: a visit, a consultation, a check-up, a session, a follow-up.
const VISITS: &[&str] = &[
    "visit",
    "visits",
    "consultation",
    "consultations",
    "consult",
    "consults",
    "checkup",
    "checkups",
    "check",
    "session",
    "sessions",
    "followup",
    "followups",
    "up",
    "ups",
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "call",
    "calls",
];

/// A kind of visit or appointment refused or required: "Not for first visits", "Follow-up
/// visits only", "First visits are refused", "not for home or video visits", "only for a new
/// consultation". The contract knows no kind of visit: a slot is a doctor's time, and every
/// open slot can be booked; an appointment's priority is set by an escalation, not asked by a
/// booking. The kind stands before the visit's noun (past "or", "and" and a hyphen); the
/// clause restricts (an "only", "except", "excluding"), denies ("not", "no", "never") or
/// refuses ("refused", "excluded", "barred"). A word of a status or of the tool's own object
/// ("the new appointment", "the same appointment id") is no kind: "new" and "same" count only
/// before a visit, a consultation or a session.
fn kind_of_visit<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let n = clause.len();
    let restricts = clause.iter().any(|x| {
        is_word(x, NEGATIONS)
            || is_word(
                x,
                &[
                    "no",
                    "only",
                    "except",
                    "excluding",
                    "excluded",
                    "refused",
                    "barred",
                    "disallowed",
                    "unsupported",
                    "declined",
                    "exclusively",
                    "solely",
                ],
            )
    });
    if !restricts {
        return None;
    }
    (0..n).find_map(|k| {
        if !is_word(clause[k], VISITS) || clause[k].possessive {
            return None;
        }
        // ("follow-up", "check-up", "walk-in", "in-person" as one word or split)
        let noun_up = is_word(clause[k], &["up", "ups"]);
        if noun_up && !(k > 0 && is_word(clause[k - 1], &["follow", "check"])) {
            return None;
        }
        if is_word(clause[k], &["check"]) && !is_word_at(clause, k + 1, &["up", "ups"]) {
            return None;
        }
        let strict = is_word(
            clause[k],
            &[
                "visit",
                "visits",
                "consultation",
                "consultations",
                "consult",
                "consults",
                "session",
                "sessions",
            ],
        );
        // (the words before the noun, past "or", "and", commas and hyphen parts)
        let mut j = if noun_up { k - 1 } else { k };
        let mut found = None;
        let mut steps = 0;
        while j > 0 && steps < 5 {
            j -= 1;
            steps += 1;
            let x = clause[j];
            if is_word(x, &["or", "and", "in", "up"]) || x.kind == Kind::Comma {
                continue;
            }
            if is_word(x, KINDS_OF_VISIT)
                && (strict || !is_word(x, &["new", "same", "short", "long"]))
                && !(is_word(x, &["first", "second"])
                    && j > 0
                    && is_word(clause[j - 1], DETERMINERS))
            {
                found = Some(x);
                continue;
            }
            break;
        }
        // (a follow-up or a check-up named alone is a kind of its own)
        found.or_else(|| {
            (noun_up || is_word(clause[k], &["followup", "followups", "checkup", "checkups"]))
                .then_some(clause[k])
        })
    })
}
