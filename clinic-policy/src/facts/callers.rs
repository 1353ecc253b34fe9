//! Who calls each route of the clinic API: a text that opens a tool to another caller, or gives
//! its caller a case, misdirects the agent.

use crate::lang::predicates::RELATIVES;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The first words of the changing routes' tools: the patient's acts, then the doctor's.
const PATIENT_ACTS: &[&str] = &[
    "book",
    "cancel",
    "reschedule",
    "move",
    "submit",
    "record",
    "join",
];
const DOCTOR_ACTS: &[&str] = &["confirm", "reject", "escalate"];

/// Who may call a tool of the clinic, by its name, as the API's routes say: the patient books,
/// cancels, moves, submits an intake and holds a place on a waiting list; the appointment's
/// doctor confirms, rejects and escalates; a doctor lists the doctor's own appointments (a
/// doctor's schedule); doctors read protocols; an appointment and its intake
/// are read by its patient or its doctor; doctors, slots, specialties and hours are public
/// (`Some(&[])`). `None`: a tool the API has no route for. Who calls a tool this server serves
/// is the role it declares ([`super::roles::callers_of`]).
pub(super) fn callers(tool: &str) -> Option<&'static [&'static str]> {
    const PATIENT: &[&str] = &["patient", "patients"];
    const DOCTOR: &[&str] = &["doctor", "doctors"];
    const BOTH: &[&str] = &["patient", "patients", "doctor", "doctors"];
    let parts: Vec<&str> = tool.split('_').collect();
    let first = *parts.first()?;
    let has = |w: &str| parts.contains(&w);
    Some(match first {
        _ if PATIENT_ACTS.contains(&first) => PATIENT,
        _ if DOCTOR_ACTS.contains(&first) => DOCTOR,
        _ if has("protocol") || has("protocols") => DOCTOR,
        _ if has("my") || has("waiting") => PATIENT,
        _ if has("appointment") || has("intake") => BOTH,
        _ if (has("appointments") || has("schedule")) && has("doctor") => DOCTOR,
        _ if has("doctors")
            || has("doctor")
            || has("slots")
            || has("specialties")
            || has("hours") =>
        {
            &[]
        }
        _ => return None,
    })
}

/// Words that name who calls after "only for": the API's two roles and the people a text might
/// put in their place.
const CALLER_WORDS: &[&str] = &[
    "patient",
    "patients",
    "doctor",
    "doctors",
    "oncall",
    "guardian",
    "guardians",
    "parent",
    "parents",
    "reception",
    "receptionist",
    "receptionists",
    "staff",
    "clinician",
    "clinicians",
    "nurse",
    "nurses",
    "admin",
    "admins",
    "administrator",
    "administrators",
    "caller",
    "callers",
    "physician",
    "physicians",
];

/// The acts and the tool, as a subject said to be "for" some people (not an intake, an
/// escalation or a note, which are "for" the people who read them).
const ACTS_AND_TOOLS: &[&str] = &[
    "tool",
    "booking",
    "bookings",
    "cancellation",
    "cancellations",
    "move",
    "moves",
    "search",
    "act",
];

/// What a caller might be said to hold before an act: the API asks for none of it.
const HELD_BY_A_CALLER: &[&str] = &[
    "insurance",
    "referral",
    "deposit",
    "card",
    "subscription",
    "membership",
    "plan",
    "guardian",
    "consent",
    "cover",
];

/// Another caller named for the tool ("Book … Only for doctors", "Escalate … Only for the
/// reception", "Search the protocols … Only for patients", "Find open slots … Only for the staff
/// of the clinic"): the agent refuses the people the tool is for, or hands a tool to people it is
/// not for. Who may call is `allowed`, the tool's callers ([`super::roles::callers_of`]); the
/// appointment's doctor is not the oncall doctor, nor are the staff.
pub(crate) fn caller_swapped(
    clause: &[&Tok],
    tool: &str,
    allowed: Option<&[&str]>,
    out: &mut Vec<Violation>,
) {
    let Some(allowed) = allowed else {
        return;
    };
    // the tool or its act said to be for some people: "Made for …", "Built for …", "The
    // booking is for …"
    let made_for = |k: usize| {
        let t = clause[k];
        let next = |w: &[&str]| clause.get(k + 1).is_some_and(|n| is_word(n, w));
        (k == 0 && is_word(t, &["made", "built", "designed", "created"]) && next(&["for"]))
            || (k >= 1
                && is_word(t, &["is", "are"])
                && next(&["for"])
                && clause[..k].iter().any(|x| is_word(x, ACTS_AND_TOOLS)))
    };
    for (k, t) in clause.iter().enumerate() {
        // "Only for …", "Open to …", "Available to …", "Reserved for …", "Used by …", "A tool
        // of the nurses …"
        let next = |w: &[&str]| clause.get(k + 1).is_some_and(|n| is_word(n, w));
        let opens = (is_word(t, &["only"]) && next(&["for"]))
            || (k == 0 && is_word(t, &["open", "available"]) && next(&["to", "for"]))
            || (is_word(
                t,
                &[
                    "reserved",
                    "meant",
                    "intended",
                    "restricted",
                    "limited",
                    "kept",
                ],
            ) && next(&["for", "to"]))
            || (k == 0 && is_word(t, &["used", "called"]) && next(&["by"]))
            || (k <= 1 && is_word(t, &["tool"]) && next(&["of", "for"]))
            || made_for(k);
        if !opens {
            continue;
        }
        // a case of the people before them ("Only for adult patients", "Reserved for insured
        // patients"): the API asks no such case of its callers
        let cased = clause[k + 2..]
            .iter()
            .skip_while(|x| is_word(x, DETERMINERS))
            .take(2)
            .collect::<Vec<_>>();
        if let [case, who, ..] = cased.as_slice()
            && is_word(
                case,
                &[
                    "adult",
                    "adults",
                    "minor",
                    "child",
                    "elderly",
                    "insured",
                    "registered",
                    "existing",
                    "returning",
                    "new",
                    "female",
                    "male",
                    "local",
                    "private",
                ],
            )
            && is_word(who, CALLER_WORDS)
        {
            push(
                out,
                Rule::Directive,
                case,
                "a case of the callers the clinic API does not ask: who may call is its role"
                    .to_owned(),
            );
            return;
        }
        // the people named, up to "of" (whose they are), a mark or another word, and the word
        // after them ("Only for patients whose symptoms become worse", "… patients under 18": a
        // case of the people, read elsewhere)
        let in_names = |x: &Tok| {
            is_word(x, DETERMINERS)
                || is_word(x, CALLER_WORDS)
                || is_word(x, &["and", "or", "use", "by"])
        };
        let at = (k + 2..clause.len()).find(|&j| !in_names(clause[j]));
        let named: Vec<&&Tok> = clause[k + 2..at.unwrap_or(clause.len())]
            .iter()
            .filter(|x| is_word(x, CALLER_WORDS))
            .collect();
        let after = at.map(|j| clause[j]);
        let a_case = after.is_some_and(|x| {
            x.kind == Kind::Ident
                || is_word(
                    x,
                    &[
                        "whose", "who", "with", "without", "under", "over", "aged", "from", "in",
                        "at",
                    ],
                )
                || (is_word(x, &["of"])
                    && at
                        .and_then(|j| clause.get(j + 1))
                        .is_some_and(|n| n.kind == Kind::Ident))
        });
        let swapped = named.iter().any(|x| !is_word(x, allowed));
        // a changing act said to be for callers of an age or who hold something ("The booking is
        // for patients over 18", "… for a patient with insurance"): the API asks neither
        let changing = tool
            .split('_')
            .next()
            .is_some_and(|f| PATIENT_ACTS.contains(&f) || DOCTOR_ACTS.contains(&f));
        let asked = at.is_some_and(|j| {
            let w = |i: usize| clause.get(i).copied();
            (w(j).is_some_and(|x| is_word(x, &["under", "over", "aged", "older", "younger"]))
                && w(j + 1).is_some_and(|x| x.kind == Kind::Ident))
                || (w(j).is_some_and(|x| is_word(x, &["with", "without"]))
                    && clause[j + 1..]
                        .iter()
                        .take(3)
                        .any(|x| is_word(x, HELD_BY_A_CALLER)))
        });
        if changing && made_for(k) && !named.is_empty() && asked {
            push(
                out,
                Rule::Directive,
                t,
                "a case of the callers the clinic API does not ask: who may call is its role"
                    .to_owned(),
            );
            return;
        }
        // (a case narrows the people of a public tool's text, "Pediatricians are only for
        // patients under 18"; it never makes another role the caller)
        // (the patients an act is about, by a case: "Only for patients whose symptoms become
        // more severe")
        let patients = named.iter().all(|x| is_word(x, &["patient", "patients"]));
        if a_case && (!swapped || allowed.is_empty() || patients) {
            continue;
        }
        // (said of the act, the names end it or a case follows: "The booking is for the
        // doctor's open slot" names a slot, not a caller)
        let names_a_thing = made_for(k)
            && after.is_some_and(|x| {
                x.kind == Kind::Word
                    && !a_case
                    && !is_word(x, PREPOSITIONS)
                    && !is_word(x, &["too"])
            });
        // (a tool of both roles narrowed to one: "Get the intake form … Open to doctors", "Get
        // one appointment … Only for the doctor of the appointment": the owner patient calls it
        // too, and the other way round)
        let one_role = |list: &[&str]| named.iter().all(|x| is_word(x, list));
        // (both named in the clause, past "of": "Only for the patient of the appointment and its
        // doctor")
        let both = clause[k..]
            .iter()
            .any(|x| is_word(x, &["patient", "patients"]))
            && clause[k..]
                .iter()
                .any(|x| is_word(x, &["doctor", "doctors"]));
        // (said as who may call: "Only for …", "Open to …", "Restricted to …"; not a value "kept
        // for the patient to read")
        let gate = is_word(
            t,
            &[
                "only",
                "open",
                "available",
                "restricted",
                "limited",
                "reserved",
                "tool",
            ],
        );
        let narrowed = allowed.len() == 4
            && gate
            && !named.is_empty()
            && !a_case
            && !both
            && (one_role(&["doctor", "doctors"]) || one_role(&["patient", "patients"]));
        if !named.is_empty() && (swapped || narrowed) && !names_a_thing {
            push(
                out,
                Rule::Directive,
                t,
                "another caller named: who may call a tool is its role in the clinic's API"
                    .to_owned(),
            );
            return;
        }
    }
}

/// Whether the tool's route reads or changes what the caller owns: the appointments and intakes
/// of the authenticated patient, or of the authenticated doctor (not the public routes, nor the
/// protocols, which are the doctor's clinic's and the shared ones).
pub(crate) fn reaches_own_records(tool: &str) -> bool {
    let protocols = tool.split('_').any(|p| p.starts_with("protocol"));
    !protocols && callers(tool).is_some_and(|c| !c.is_empty())
}

/// Whether only a doctor calls the tool (confirm, reject, escalate, a doctor's schedule): the
/// appointments it reaches are the calling doctor's, so "with a doctor of …" names another
/// doctor, not the one a patient's appointment is with.
pub(crate) fn doctors_only(tool: &str) -> bool {
    callers(tool).is_some_and(|c| c.contains(&"doctor") && !c.contains(&"patient"))
}

/// Whether only a patient calls the tool, by its name (the patient's own acts and lists).
pub(crate) fn patients_only(tool: &str) -> bool {
    callers(tool).is_some_and(|c| c.contains(&"patient") && !c.contains(&"doctor"))
}

/// Whether a patient calls the tool (the patient's own acts and appointments, and the reads of
/// one appointment or intake, which its patient or its doctor calls).
pub(crate) fn patients_call(tool: &str) -> bool {
    callers(tool).is_some_and(|c| c.contains(&"patient"))
}

/// Whether the clinic API has a route for the tool: one whose callers its name gives, of a
/// served route or of the contract's objects ([`crate::served::has_route`]); a clinic's hours
/// and a waiting list have none, whoever would call them.
pub(crate) fn has_a_route(tool: &str) -> bool {
    callers(tool).is_some() && crate::served::has_route(tool)
}

/// Whether the tool's object has an owner the API checks (an appointment, an intake, a clinic's
/// protocols, a doctor's schedule): doctors, slots and hours are anyone's, and a booking takes a
/// slot, which any patient books.
pub(crate) fn owned_object(tool: &str) -> bool {
    callers(tool).is_some_and(|c| !c.is_empty()) && !tool.starts_with("book")
}

/// A person's yes said to gate the tool's act. The server asks its human only before a
/// destructive act, a cancellation or a rejection ([`asks_the_person`]), and asks whoever calls:
/// - of a tool that asks, the yes said to come from another than its caller ("Reject …, once the
///   patient agrees", "Cancel …, only after the doctor accepts"): the agent waits for an answer
///   that never comes, or takes one from the wrong person;
/// - of any other changing tool, a yes from anyone ("Book …, once the patient confirms the
///   booking", "the escalation is made once the oncall doctor accepts it"): every other act is
///   made at once, and the agent acts unasked, trusting a step that does not exist.
///
/// The doctor's own yes on a confirmation is the act itself ("Confirm one pending appointment,
/// only after the doctor accepts"), unless said again. A yes the result waits for, not the act,
/// passes: "the appointment stays pending until the doctor confirms it".
pub(crate) fn yes_of_another(
    clause: &[&Tok],
    tool: &str,
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    let Some(allowed) = callers(tool) else {
        return;
    };
    let asks = asks_the_person(tool);
    if asks && allowed.len() != 2 || !asks && effects.is_empty() {
        return;
    }
    let Some((opens, who, yes)) = yes_gate(clause, effects) else {
        return;
    };
    // (the caller by any of its plain names: "the caller", "the user", "a human")
    const ANYONE_CALLING: &[&str] = &[
        "caller", "callers", "user", "users", "human", "humans", "person",
    ];
    let the_caller = who.is_none_or(|w| is_word(w, allowed) || is_word(w, ANYONE_CALLING));
    if asks {
        if let Some(w) = who.filter(|_| !the_caller) {
            push(
                out,
                Rule::Directive,
                w,
                "a yes the tool waits for said to come from another than its caller: a change waits for the answer of whoever calls it, the doctor for the doctor's acts and the patient for the patient's".to_owned(),
            );
        }
        return;
    }
    // (the caller's yes to the tool's own act is that act, "once the doctor accepts" of a
    // confirmation; said again it is a second step)
    // (a confirmation is itself a yes: its caller's yes by any word, "agrees", "gives
    // approval", "says yes", is the act)
    let acts = act_verbs(tool);
    let own_act = the_caller
        && (acts.contains(&"confirm") || yes_act(yes).is_some_and(|v| acts.contains(&v)));
    let again = clause[opens..]
        .iter()
        .any(|x| is_word(x, &["again", "twice", "second", "another"]));
    if own_act && !again {
        return;
    }
    push(
        out,
        Rule::Directive,
        who.unwrap_or(yes),
        "an act said to wait for a person's yes: the server asks the human only before a cancellation or a rejection, and makes every other act at once".to_owned(),
    );
}

/// A yes by its verbs and by its nouns ("the patient accepts", "the patient's consent").
const YES_VERBS: &[&str] = &[
    "agree",
    "agrees",
    "accept",
    "accepts",
    "confirm",
    "confirms",
    "approve",
    "approves",
    "consent",
    "consents",
    "allow",
    "allows",
    "permit",
    "permits",
    "authorise",
    "authorises",
    "authorize",
    "authorizes",
    "okays",
];
const YES_NOUNS: &[&str] = &[
    "yes",
    "consent",
    "approval",
    "agreement",
    "acceptance",
    "permission",
    "confirmation",
    "authorisation",
    "authorization",
    "ok",
    "okay",
];

/// The act a yes word names, by the lexicon's verb or change noun ("accepts" → "accept",
/// "confirmation" → "confirm"), if it names one.
fn yes_act(t: &Tok) -> Option<&'static str> {
    verb(&t.text)
        .map(|(v, _, _)| v)
        .or_else(|| change_noun(&t.text))
}

/// A person's yes set as a gate on the clause's act: where the gate opens, the person (if
/// named) and the yes. A gate opens with "once", "after", "if", "when", "unless", "as soon as"
/// (or "not … until"), and holds the yes within its next words: "once the patient confirms
/// it", "after a yes from the patient", "when the patient gives consent". It gates the act
/// when it is "only …", when the clause opens with the tool's own verb ("Book …, once …"), or
/// when it follows the tool's own change ("the escalation is made once …", "booked only after
/// …"); not a time the act is open ("also after the doctor confirms it"), nor the course of a
/// result ("stays pending until the doctor confirms it", "becomes confirmed once …").
fn yes_gate<'a>(clause: &[&'a Tok], effects: &[&str]) -> Option<(usize, Option<&'a Tok>, &'a Tok)> {
    const WAITS: &[&str] = &["after", "if", "once", "unless", "when"];
    let own_change = |x: &Tok| {
        verb(&x.text).is_some_and(|(v, _, f)| f == Form::Participle && effects.contains(&v))
            || change_noun(&x.text).is_some_and(|v| effects.contains(&v))
    };
    // (what may stand between the tool's change and its gate: "is made", "is done", a comma)
    let filler = |x: &Tok| {
        x.kind == Kind::Comma
            || is_word(x, COPULAS)
            || is_word(
                x,
                &["made", "done", "sent", "final", "complete", "then", "just"],
            )
    };
    (0..clause.len()).find_map(|o| {
        let t = clause[o];
        let soon_as = o >= 2
            && is_word(t, &["as"])
            && is_word(clause[o - 1], &["soon"])
            && is_word(clause[o - 2], &["as"]);
        let not_until = is_word(t, &["until", "till"])
            && clause[o.saturating_sub(4)..o]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "nothing"]));
        if !is_word(t, WAITS) && !soon_as && !not_until {
            return None;
        }
        // the yes, and the person, in the gate's phrase
        let phrase: Vec<&'a Tok> = clause[o + 1..]
            .iter()
            .take(7)
            .take_while(|x| x.kind == Kind::Word)
            .copied()
            .collect();
        let yes = phrase.iter().enumerate().find_map(|(i, x)| {
            let said = is_word(x, &["says", "say", "gives", "give", "sends"])
                && phrase[i + 1..]
                    .iter()
                    .take(3)
                    .any(|n| is_word(n, YES_NOUNS));
            (is_word(x, YES_VERBS) || said || is_word(x, YES_NOUNS)).then_some(i)
        })?;
        let who = phrase.iter().copied().find(|x| is_word(x, PEOPLE));
        // (a yes by its noun is a person's only with the person named: "after the confirmation"
        // is the result's)
        let by_noun = !is_word(phrase[yes], YES_VERBS)
            && !is_word(phrase[yes], &["says", "say", "gives", "give", "sends"]);
        if by_noun && who.is_none() {
            return None;
        }
        let start = if soon_as { o - 2 } else { o };
        let only = start >= 1 && is_word(clause[start - 1], &["only"]);
        let also = start >= 1 && is_word(clause[start - 1], &["also", "even", "too"]);
        // "Book …, once …": the clause opens with the tool's own verb, and no verb of another
        // subject stands before the gate ("Book a slot, which becomes confirmed once …")
        let own_verb = clause
            .first()
            .is_some_and(|f| verb(&f.text).is_some_and(|(v, _, _)| effects.contains(&v)))
            && !clause.get(1..start).unwrap_or(&[]).iter().any(|x| {
                is_word(x, RELATIVES)
                    || is_word(x, COPULAS)
                    || is_word(x, &["it", "they", "stays", "remains", "holds", "keeps"])
                    || verb(&x.text).is_some_and(|(_, _, f)| f == Form::Third)
            });
        // "the escalation is made once …", "urgent after the escalation, once …"
        let after_change = (start.saturating_sub(4)..start)
            .rev()
            .find(|&j| !filler(clause[j]))
            .is_some_and(|j| own_change(clause[j]));
        let after_change = after_change
            || start >= 1 && own_change(clause[start - 1])
            || not_until && clause[..start].iter().any(|x| own_change(x));
        (!also && (only || own_verb || after_change)).then(|| (o, who, phrase[yes]))
    })
}

/// The doctor's decision said to be another's ("`pending` until the patient confirms it",
/// "confirmed by the reception", "the nurse rejects the appointment"): only the appointment's
/// doctor (the oncall doctor after an escalation) confirms or rejects it. The agent waits for a
/// step nobody takes, or tells the doctor it is someone else's. A human's yes to the tool's own
/// call is [`yes_of_another`]'s.
pub(crate) fn decision_of_another(clause: &[&Tok], out: &mut Vec<Violation>) {
    const DECIDES: &[&str] = &[
        "confirm",
        "confirms",
        "confirmed",
        "reject",
        "rejects",
        "rejected",
    ];
    // who acts: a person, a body of the clinic, or the clinic's software
    // (not this server: it confirms at the clinic API what the doctor confirms)
    let agent =
        |x: &Tok| is_word(x, PEOPLE) || is_word(x, BODIES) || is_word(x, &["staff", "system"]);
    let hit = clause.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, DECIDES) {
            return None;
        }
        // "confirmed by the reception": the agent after "by"; else the subject just before
        // ("the patient confirms it")
        let by = is_word_at(clause, k + 1, &["by"]).then(|| {
            clause[k + 2..]
                .iter()
                .take(3)
                .position(|x| agent(x))
                .map(|p| k + 2 + p)
        });
        // (a participle with no "by" is a state: "the patient's confirmed appointments")
        let who = match by {
            Some(found) => found?,
            None if is_word(t, &["confirmed", "rejected"]) => return None,
            None => (k.saturating_sub(3)..k).rev().find(|&j| agent(clause[j]))?,
        };
        // (denied: "Patients cannot confirm or reject appointments")
        if who < k
            && clause[who + 1..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["cannot", "never", "no"]))
        {
            return None;
        }
        // (a gate on the call is a person's yes: "only after the patient confirms the booking")
        let gate = clause[..who]
            .iter()
            .rev()
            .take(4)
            .any(|x| is_word(x, &["after", "if", "once", "unless", "when", "before"]));
        if gate {
            return None;
        }
        // (the oncall doctor is the appointment's doctor after an escalation)
        let doctor = is_word(clause[who], &["doctor", "doctors"])
            && !(who >= 1 && is_word(clause[who - 1], &["another", "other", "any"]));
        (!doctor).then_some(clause[who])
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the doctor's decision said to be another's: only the appointment's doctor confirms or rejects it".to_owned(),
        );
    }
}

/// The verbs that name a tool's own act, by the first word of its name: the act a caller is
/// said to make through it.
fn act_verbs(tool: &str) -> &'static [&'static str] {
    match tool.split('_').next().unwrap_or("") {
        "book" => &["book", "reserve"],
        "cancel" => &["cancel"],
        "reschedule" | "move" => &["reschedule", "move", "rebook"],
        "confirm" => &["confirm", "accept", "approve"],
        "reject" => &["reject", "decline", "refuse"],
        "escalate" => &["escalate"],
        "record" | "submit" => &["record", "submit", "fill", "enter"],
        "list" | "get" | "search" | "find" => {
            &["list", "get", "search", "find", "see", "view", "read"]
        }
        _ => &[],
    }
}

/// The people a text can name as who acts through a tool: the words of `CALLER_WORDS` but the
/// caller by its plain names ("the caller") and "oncall", which marks a doctor, and those a text
/// might put beside them.
fn acting_person(t: &Tok) -> bool {
    is_word(t, CALLER_WORDS) && !is_word(t, &["oncall", "caller", "callers"])
        || is_word(
            t,
            &[
                "practitioner",
                "practitioners",
                "interpreter",
                "interpreters",
            ],
        )
}

/// Another person said to make the tool's own act ("Confirm a pending appointment. The patient
/// of the appointment can confirm it too", "The doctor of the appointment can cancel it too",
/// "Its patient can escalate it too", "The oncall doctor of the clinic can get it too", "It can
/// be moved by its doctor too"): each route of the clinic API has its callers (the owner patient
/// books, cancels, moves and records an intake; the appointment's doctor confirms, rejects and
/// escalates; a doctor lists the doctor's own schedule and searches protocols; an appointment is
/// read by its patient or its doctor), and the agent acts for, or shows data to, the wrong
/// person. The person is the head of the act's subject (or of its "by" phrase), read past "of"
/// ("the patient of the appointment") and a possessive ("the patient's doctor").
pub(crate) fn act_of_another(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(allowed) = callers(tool).filter(|c| !c.is_empty()) else {
        return;
    };
    let acts = act_verbs(tool);
    // (an object with an owner: the appointment's own doctor or patient, never the oncall
    // doctor, another one or any one; a slot any patient books, protocols any doctor reads)
    let owned = reaches_own_records(tool) && !tool.starts_with("book");
    const DENIED: &[&str] = &[
        "not", "never", "cannot", "no", "neither", "nor", "nobody", "none",
    ];
    // where a subject or a "by" phrase ends, going back from its verb or forward from "by"
    let ends = |x: &Tok| {
        x.kind != Kind::Word
            || is_word(x, MODALS)
            || is_word(x, COPULAS)
            || is_word(
                x,
                &[
                    "that", "which", "who", "when", "if", "once", "after", "before", "until",
                    "while", "but", "so", "because", "then", "also", "too", "it", "them",
                ],
            )
            || verb(&x.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
    };
    // the person named at the head of a phrase, not within its "of …" ("the patient of the
    // appointment") nor before another noun ("the patient doctor", a possessive dropped)
    let other_person = |phrase: &[&Tok]| -> Option<usize> {
        let mut in_of = false;
        let mut since = 0;
        for (i, x) in phrase.iter().enumerate() {
            if is_word(x, &["and", "or"]) {
                in_of = false;
                since = i + 1;
                continue;
            }
            if is_word(x, PREPOSITIONS) {
                in_of = true;
                continue;
            }
            if in_of || !acting_person(x) {
                continue;
            }
            if phrase.get(i + 1).is_some_and(|n| acting_person(n)) {
                continue;
            }
            let another = owned
                && phrase[since..i]
                    .iter()
                    .any(|m| is_word(m, &["oncall", "other", "another", "second", "any"]));
            if !is_word(x, allowed) || another {
                return Some(i);
            }
        }
        None
    };
    for (k, t) in clause.iter().enumerate() {
        let Some((base, class, form)) = verb(&t.text) else {
            continue;
        };
        if !acts.contains(&base) {
            continue;
        }
        // (a reading verb with no modal says what a person gets or sees, "a patient gets the
        // error", "seen by the patient": not an act through the tool)
        let change = class == VerbClass::Effect;
        // the passive, with its agent: "It can be moved by its doctor too"
        if change && form == Form::Participle && is_word_at(clause, k + 1, &["by"]) {
            let start = k + 2;
            let end = (start..clause.len())
                .find(|&j| ends(clause[j]))
                .unwrap_or(clause.len());
            let denied = clause[..k].iter().rev().take(3).any(|x| is_word(x, DENIED));
            if !denied && let Some(i) = other_person(&clause[start..end]) {
                hit(out, clause[start + i]);
                return;
            }
            continue;
        }
        if !matches!(form, Form::Base | Form::Third) {
            continue;
        }
        // back over the helpers of the verb: "can also", "is able to", "may"
        let mut j = k;
        let mut helped = form == Form::Third && change;
        while j >= 1 {
            let p = clause[j - 1];
            if is_word(p, &["also", "too", "likewise", "equally", "then", "even"])
                || is_word(p, DENIED)
            {
                j -= 1;
            } else if is_word(p, MODALS) || is_word(p, &["to", "able", "allowed", "permitted"]) {
                helped = helped || is_word(p, MODALS) || is_word(p, &["to"]);
                j -= 1;
            } else if is_word(p, &["is", "are"]) && helped {
                j -= 1;
            } else {
                break;
            }
        }
        if !helped || j == 0 || (j == k && form == Form::Base) {
            continue;
        }
        if clause[j..k].iter().any(|x| is_word(x, DENIED)) {
            continue;
        }
        let start = (0..j).rev().find(|&i| ends(clause[i])).map_or(0, |i| i + 1);
        let subject = &clause[start..j];
        if subject.iter().any(|x| is_word(x, DENIED)) {
            continue;
        }
        if let Some(i) = other_person(subject) {
            hit(out, subject[i]);
            return;
        }
    }

    fn hit(out: &mut Vec<Violation>, t: &Tok) {
        push(
            out,
            Rule::Directive,
            t,
            "another person said to act through the tool: each route of the clinic API has its callers (the owner patient books, cancels, moves and records; the appointment's doctor confirms, rejects and escalates; an appointment is read by its patient or its doctor)".to_owned(),
        );
    }
}

/// Whether the server puts a question to the human before the tool's act: only the destructive
/// tools ask, the cancellation and the rejection (the server's `confirm.rs`).
pub(crate) fn asks_the_person(tool: &str) -> bool {
    matches!(tool.split('_').next(), Some("cancel" | "reject"))
}

/// A question to the person said to come with a tool that never asks one ("Book an open slot …
/// The patient gets a question before the booking", "The doctor gets a question before the
/// confirmation", "… the patient sees them in a question before they are recorded"): the server
/// asks the human only before a cancellation or a rejection, so the agent leaves its own check
/// with the person to a question that never comes. Said of a question a person gets, sees or
/// answers, one put to or for a person, one of the server, or a value shown in one; a question
/// denied ("gets no question") is true of these tools. Of a tool that asks, the question said
/// to go to another than its caller ("Reject … The patient gets a question before the
/// rejection", "Cancel … The doctor of the appointment gets a question"): the server asks
/// whoever calls, and the agent waits on, or sends to, a person who is never asked.
pub(crate) fn question_claimed(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if tool.is_empty() {
        return;
    }
    let asks = asks_the_person(tool);
    let person = |x: &Tok| is_word(x, PEOPLE) && !is_word(x, &["reader", "client", "clients"]);
    // (the question by its other names, as a client shows it; these are read only where a
    // person is in the clause: "a date in the form 2026-03-02" puts nothing to anyone)
    let with_a_person = clause.iter().any(|x| person(x));
    // each question the clause puts to someone, with the person it names as asked, if any
    let asked = clause.iter().enumerate().filter_map(|(q, t)| {
        let by_its_name = is_word(t, &["question", "questions"]);
        // (one put before a person is a new one, "a form"; "the form", "the intake form" is
        // one already there, the data it holds)
        let other_name = with_a_person
            && is_word(t, QUESTION_FORMS)
            && clause[q.saturating_sub(2)..q]
                .iter()
                .any(|x| is_word(x, &["a", "an"]));
        if !by_its_name && !other_name {
            return None;
        }
        let before = &clause[q.saturating_sub(4)..q];
        if before
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "not", "any"]))
        {
            return None;
        }
        // (a person's own question: "the patient's question" reads "the patient question")
        if q >= 1 && person(clause[q - 1]) {
            return None;
        }
        // "<person> gets / sees / answers … a question": the first person of the subject
        // (the head of the subject, its last person: "the patient's doctor gets")
        let gets = (q.saturating_sub(7)..q).rev().find(|&p| {
            person(clause[p])
                && clause[p + 1..q].iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "gets", "get", "receives", "receive", "sees", "see", "answers",
                            "answer", "shown", "faces", "has",
                        ],
                    )
                })
                && clause[p + 1..q].iter().all(|x| x.kind == Kind::Word)
        });
        if let Some(p) = gets {
            return Some((t, Some(clause[p])));
        }
        // "<someone> shows / gives / sends <person> a question": the person just after the verb
        let shown = (q.saturating_sub(5)..q).find(|&p| {
            p >= 1
                && person(clause[p])
                && is_word(
                    clause[p - 1 - usize::from(p >= 2 && is_word(clause[p - 1], DETERMINERS))],
                    SHOWS,
                )
                && clause[p + 1..q].iter().all(|x| is_word(x, DETERMINERS))
        });
        if let Some(p) = shown {
            return Some((t, Some(clause[p])));
        }
        if !by_its_name {
            return None;
        }
        // "a question to the patient", "a question of the server", "in a question"
        let after = clause[q + 1..]
            .iter()
            .take(4)
            .take_while(|x| x.kind == Kind::Word)
            .collect::<Vec<_>>();
        // (past its verb: "a question goes to the doctor", "is put to the patient")
        let to = after
            .iter()
            .take(3)
            .position(|x| is_word(x, &["to", "for", "of", "from"]))
            .filter(|&i| {
                after[..i]
                    .iter()
                    .all(|x| is_word(x, &["goes", "go", "comes", "is", "put", "sent", "first"]))
            });
        let named = to.and_then(|i| after[i + 1..].iter().find(|x| !is_word(x, DETERMINERS)));
        if let Some(x) = named.filter(|x| person(x)) {
            // (a question "for" or "to" a person asks them; "of" or "from" one is theirs)
            let put_to = to.is_some_and(|i| is_word(after[i], &["to", "for"]));
            return Some((t, put_to.then_some(**x)));
        }
        let of_server = named.is_some_and(|x| is_word(x, &["server", "tool"]));
        let shown_in = q >= 2
            && is_word(clause[q - 2], &["in"])
            && is_word(clause[q - 1], &["a", "the", "one"]);
        (of_server || shown_in).then_some((t, None))
    });
    let hit: Option<(&Tok, &str)> = if asks {
        // the server asks the caller: the patient who cancels, the doctor who rejects
        let allowed = callers(tool).unwrap_or(&[]);
        const THE_CALLER: &[&str] = &[
            "person", "persons", "people", "user", "users", "human", "humans", "caller", "callers",
            "owner",
        ];
        asked
            .filter_map(|(_, p)| p)
            .find(|p| !allowed.is_empty() && !is_word(p, allowed) && !is_word(p, THE_CALLER))
            .map(|p| (p, "a question said to go to another than the caller: the server asks whoever calls the tool, the patient who cancels and the doctor who rejects"))
    } else {
        asked.map(|(t, _)| *t).next().map(|t| (t, "a question to the person said to come with a tool that asks none: the server asks the human only before a cancellation or a rejection"))
    };
    if let Some((t, why)) = hit {
        push(out, Rule::Directive, t, why.to_owned());
    }
}

/// The question put to the human by the names a client gives it (MCP calls it a form).
const QUESTION_FORMS: &[&str] = &[
    "form",
    "forms",
    "prompt",
    "prompts",
    "dialog",
    "dialogs",
    "dialogue",
    "dialogues",
    "popup",
];

/// The verbs that put a question before a person: "shows the doctor a form".
const SHOWS: &[&str] = &[
    "shows",
    "show",
    "showed",
    "shown",
    "presents",
    "present",
    "presented",
    "gives",
    "give",
    "gave",
    "sends",
    "send",
    "sent",
    "puts",
    "put",
    "asks",
    "ask",
    "asked",
];

/// What the server's question shows (`confirm.rs`, `Question::about`): the appointment's id,
/// its doctor and specialty, its clinic, its patient's name, its start in the clinic's time
/// zone and in UTC, its status, the assistant's reason of a rejection (quoted, as shown to the
/// patient), what confirming does, and what was not shown; with the words that place these.
const QUESTION_SHOWS: &[&str] = &[
    "id",
    "appointment",
    "name",
    "names",
    "full",
    "specialty",
    "clinic",
    "start",
    "starts",
    "time",
    "times",
    "date",
    "day",
    "zone",
    "utc",
    "local",
    "status",
    "current",
    "reason",
    "quoted",
    "written",
    "assistant",
    "optional",
    "change",
    "cancellation",
    "rejection",
    "consequence",
    "too",
    "also",
    "as",
    "well",
    "it",
    "its",
    "their",
    "this",
    "number",
];

/// What the server's question is said to show, against what it shows ("The question shows the
/// doctor the patient's symptoms", "… the clinic's address and phone number", "… the next open
/// slots", "The question shows only the appointment id", "… names no doctor and no time"): the
/// question of a tool that asks is built by the server from the appointment the API gives
/// ([`QUESTION_SHOWS`]), so the agent believes the human saw, or did not see, what they did not.
/// Read on a tool that asks: a question (by any of its names) the subject of a verb of showing,
/// whose object holds a word outside what it shows, or a restriction ("only", "no", "not",
/// "without", "nothing"). The people it is shown to, and the persons whose values these are, are
/// read by `question_claimed`.
pub(crate) fn question_content(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    const SHOWING: &[&str] = &[
        "shows",
        "show",
        "showed",
        "names",
        "named",
        "lists",
        "listed",
        "holds",
        "held",
        "gives",
        "gave",
        "includes",
        "included",
        "contains",
        "displays",
        "displayed",
        "carries",
        "says",
        "states",
        "mentions",
        "repeats",
    ];
    const ENDS: &[&str] = &[
        "before", "after", "when", "if", "until", "unless", "while", "so", "because", "first",
        "then", "once",
    ];
    const RESTRICTS: &[&str] = &["only", "no", "not", "without", "nothing", "none", "neither"];
    if !asks_the_person(tool) {
        return;
    }
    // (a reason is a rejection's only)
    let no_reason = !tool.starts_with("reject");
    let hit = clause.iter().enumerate().find_map(|(q, t)| {
        if !(is_word(t, &["question", "questions"]) || is_word(t, QUESTION_FORMS)) {
            return None;
        }
        // (the intake's form is the patient's data)
        if q >= 1 && is_word(clause[q - 1], &["intake"]) {
            return None;
        }
        // its verb: "the question shows", "a question that shows"
        let v = (q + 1..(q + 3).min(clause.len())).find(|&v| is_word(clause[v], SHOWING))?;
        if !clause[q + 1..v]
            .iter()
            .all(|x| is_word(x, &["that", "which", "also", "only"]))
        {
            return None;
        }
        let object = clause[v + 1..]
            .iter()
            .take_while(|x| !is_word(x, ENDS) && !matches!(x.text.as_str(), ";" | ":"));
        let object: Vec<&Tok> = object.copied().collect();
        // ("the appointment's details", "the data of the appointment": a word of the whole
        // record said of the appointment, whose record the question shows)
        let of_appointment = |j: usize| {
            j >= 1 && is_word_at(&object, j - 1, &["appointment"])
                || is_word_at(&object, j + 1, &["of"])
                    && object[j + 2..]
                        .iter()
                        .take(2)
                        .any(|x| is_word(x, &["appointment"]))
        };
        object
            .iter()
            .enumerate()
            .filter(|(_, x)| x.kind == Kind::Word)
            .find(|&(j, x)| {
                let whole = is_word(x, &["details", "data", "information"]) && of_appointment(j);
                no_reason && is_word(x, &["reason"])
                    || !(is_word(x, QUESTION_SHOWS)
                        || is_word(x, PEOPLE)
                        || is_word(x, DETERMINERS) && !is_word(x, RESTRICTS)
                        || is_word(x, PREPOSITIONS) && !is_word(x, RESTRICTS)
                        || is_word(x, &["and", "or", "of", "in", "s", "what", "each"])
                        || whole)
            })
            .map(|(_, x)| *x)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the question said to show what it does not, or less than it does: it shows the appointment's id, doctor and specialty, clinic, patient's name, start in the clinic's time zone and in UTC, status, the reason of a rejection, and what confirming does".to_owned(),
        );
    }
}

/// The words of the human's yes: the form's `true`, and the plain names of consent.
const YES_WORDS: &[&str] = &[
    "true",
    "yes",
    "consent",
    "acceptance",
    "accept",
    "approval",
    "agreement",
];

/// Something other than the human's `true` said to stand for it ("a question with no answer
/// counts as `true`", "no answer is the same as `true`", "a closed question is read as `true`"):
/// the server takes only an answer of `true` to its question as consent; no answer in time, a
/// decline, a closed question or a client gone give `CONFIRMATION_DECLINED` and nothing is sent
/// (`confirm.rs`). The agent tells the human that silence changes the appointment. Read as an
/// equivalence ("as", "means", "equals", "stands for") whose object is a yes and whose subject,
/// a question or an answer, is not the yes itself ("only `true` counts as consent" passes).
pub(crate) fn answer_stand_in(clause: &[&Tok], out: &mut Vec<Violation>) {
    const EQUALS: &[&str] = &[
        "as",
        "means",
        "mean",
        "equals",
        "equal",
        "equivalent",
        "like",
    ];
    // (and a person's answer by its names, `ANSWERS`)
    const ASKED: &[&str] = &[
        "question",
        "questions",
        "silence",
        "timeout",
        "prompt",
        "form",
    ];
    let hit = clause.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, YES_WORDS) {
            return None;
        }
        // the equivalence just before the yes: "counts as `true`", "is the same as a yes",
        // "stands for consent"
        let eq = (k.saturating_sub(3)..k).rev().find(|&j| {
            is_word(clause[j], EQUALS)
                || is_word(clause[j], &["for"])
                    && j >= 1
                    && is_word(clause[j - 1], &["stands", "stand"])
        })?;
        if clause[eq + 1..k].iter().any(|x| x.kind != Kind::Word) {
            return None;
        }
        // the subject: back to the clause's start or its last comma
        let start = clause[..eq]
            .iter()
            .rposition(|x| x.kind != Kind::Word)
            .map_or(0, |c| c + 1);
        let subject = &clause[start..eq];
        let about_the_question = subject
            .iter()
            .any(|x| is_word(x, ASKED) || is_word(x, ANSWERS));
        let the_yes_itself = subject.iter().any(|x| is_word(x, YES_WORDS));
        // (denied at its verb: "does not count as `true`", "is never taken as a yes")
        let denied = clause[eq.saturating_sub(2).max(start)..eq]
            .iter()
            .any(|x| is_word(x, &["not", "never", "cannot", "nor"]));
        (about_the_question && !the_yes_itself && !denied).then_some(clause[eq])
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "something other than the human's `true` said to count as a yes: only an answer of `true` to the question confirms; no answer, a decline or a closed question give `CONFIRMATION_DECLINED` and nothing is sent".to_owned(),
        );
    }
}

/// The person's answer said to be an argument of a changing tool ("The confirmation of the
/// cancellation, true or false", "When true, the appointment is cancelled at once", "When true,
/// the rejection is made without the doctor's question", "When true, no form is shown"): the
/// answer comes only from the person, through the client, and no tool takes it; the agent that
/// sets such a flag answers for the human. Read in a parameter's description: its first noun
/// an answer (`lead`, the description's first clause), or a case of `true` whose consequence is
/// the act of a tool that asks, or a question skipped.
pub(crate) fn answer_as_argument(
    clause: &[&Tok],
    tool: &str,
    lead: bool,
    out: &mut Vec<Violation>,
) {
    const THE_ANSWER: &[&str] = &[
        "answer",
        "answers",
        "reply",
        "response",
        "confirmation",
        "consent",
        "approval",
        "acceptance",
        "decision",
        "yes",
    ];
    let asks = asks_the_person(tool);
    // the description's first noun, past its determiners and the person whose it is: "The
    // patient's answer", "Confirmation of the cancellation" (not "Confirmation id")
    let first = clause
        .iter()
        .position(|x| !is_word(x, DETERMINERS) && !is_word(x, PEOPLE));
    // (the patient's answers of an intake are the intake's data)
    let intake = clause
        .iter()
        .any(|x| is_word(x, &["intake", "intakes", "symptoms"]));
    let head = first.filter(|&k| {
        lead && !intake
            && is_word(clause[k], THE_ANSWER)
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["id", "ids", "code", "key", "number"]))
    });
    // a case of `true`: "When true", "If set to true", "True:"
    let case = clause
        .iter()
        .position(|x| is_word(x, &["true", "yes"]))
        .filter(|&k| {
            clause[k.saturating_sub(4)..k]
                .iter()
                .any(|x| is_word(x, &["when", "if", "once", "while"]))
                || (k == 0 && clause.get(1).is_some_and(|n| n.text == ":"))
        });
    let effects = own_effects(tool);
    let skipped_or_made = case.and_then(|k| {
        let rest = &clause[k + 1..];
        // the act itself: "the appointment is cancelled", "the rejection is made"
        let made = asks
            && rest.iter().any(|x| {
                verb(&x.text).is_some_and(|(b, _, _)| effects.contains(&b))
                    || change_noun(&x.text).is_some_and(|b| effects.contains(&b))
                    || is_word(x, &["change"])
            });
        // the question skipped: "no form is shown", "without the doctor's question"
        let skipped = rest.iter().enumerate().any(|(i, x)| {
            (is_word(x, &["question", "questions"]) || is_word(x, QUESTION_FORMS))
                && rest[i.saturating_sub(4)..i]
                    .iter()
                    .any(|y| is_word(y, &["no", "without", "not", "never", "skipped", "skips"]))
        });
        (made || skipped).then_some(clause[k])
    });
    if let Some(t) = head.map(|k| clause[k]).or(skipped_or_made) {
        push(
            out,
            Rule::Directive,
            t,
            "the person's answer said to be an argument: the server asks the person through the client, and no tool takes the answer, nor a flag that makes the act or skips the question".to_owned(),
        );
    }
}

/// The person's answer said to hold past the one call it was asked for: over more calls ("One
/// `true` answer covers every cancellation of the same day", "a `true` answer for it covers the
/// next ones too"), or after what it was asked about changed ("cancelled with the patient's
/// `true`, also after its slot or doctor changed"). The server asks once for each call, about
/// the appointment as the API gives it then, and the answer covers that call only; after a
/// change nothing is sent and the call asks again (`confirm.rs`). The agent takes one yes as
/// standing consent and changes what the human was never asked about.
pub(crate) fn answer_past_its_call(clause: &[&Tok], out: &mut Vec<Violation>) {
    if let Some(t) = answer_stretched(clause) {
        push(
            out,
            Rule::Directive,
            t,
            "one answer said to cover more than its own call: the server asks once for each call, and the answer covers that call only".to_owned(),
        );
    }
    if let Some(t) = answer_outlives_change(clause) {
        push(
            out,
            Rule::Directive,
            t,
            "the person's answer said to hold after the appointment changed: an answer holds for the appointment as it was asked about; after a change nothing is sent and the call asks again".to_owned(),
        );
    }
}

/// The words of the person's answer.
const ANSWER: &[&str] = &[
    "true",
    "yes",
    "answer",
    "answers",
    "reply",
    "response",
    "confirmation",
    "consent",
    "approval",
];

/// Over more calls: an answer the subject of a verb of reach, whose object reaches past one
/// ("every", "each", "all", "next", "other", "rest").
fn answer_stretched<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    const REACHES: &[&str] = &[
        "cover", "covers", "covered", "apply", "applies", "applied", "extend", "extends", "carry",
        "carries", "last", "lasts", "serve", "serves", "hold", "holds", "count", "counts", "stay",
        "stays", "remain", "remains", "good", "valid",
    ];
    const PAST_ONE: &[&str] = &[
        "every",
        "each",
        "all",
        "any",
        "next",
        "other",
        "others",
        "another",
        "later",
        "following",
        "subsequent",
        "rest",
        "further",
        "future",
        "more",
        "too",
        "several",
        "many",
        "multiple",
    ];
    clause.iter().enumerate().find_map(|(v, t)| {
        if !is_word(t, REACHES) {
            return None;
        }
        // the answer heads the subject, a few words before the verb with no comma between:
        // "One `true` answer covers", "a `true` answer for it covers"
        let a = (v.saturating_sub(4)..v).find(|&j| is_word(clause[j], ANSWER))?;
        // (not a condition's: "True when the list holds each open slot")
        if clause[a..v].iter().any(|x| {
            x.kind != Kind::Word || is_word(x, &["when", "if", "while", "once", "that", "which"])
        }) {
            return None;
        }
        let object = &clause[v + 1..];
        // (denied or kept to one: "covers no other call", "covers this call only")
        let kept = object
            .iter()
            .chain(&clause[..v])
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "only", "just"]));
        let past_one = object.iter().take(8).any(|x| is_word(x, PAST_ONE));
        (past_one && !kept).then_some(*t)
    })
}

/// After a change: a word of the answer and, in the same clause, "after" with a change a few
/// words on; a clause that denies or asks again passes.
fn answer_outlives_change<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    const CHANGE: &[&str] = &[
        "change",
        "changes",
        "changed",
        "moved",
        "move",
        "moves",
        "rescheduled",
        "edited",
        "edit",
        "update",
        "updated",
        "updates",
    ];
    if !clause
        .iter()
        .any(|x| is_word(x, ANSWER) || x.text == "true")
    {
        return None;
    }
    let kept = clause.iter().any(|x| {
        is_word(x, NEGATIONS)
            || is_word(
                x,
                &["no", "again", "asked", "anew", "before", "unless", "until"],
            )
    });
    if kept {
        return None;
    }
    clause.iter().enumerate().find_map(|(k, t)| {
        let after = is_word(t, &["after", "despite", "through", "across"]);
        let changed = clause[k + 1..].iter().take(6).any(|x| is_word(x, CHANGE));
        (after && changed).then_some(*t)
    })
}

/// The clinic's acts, by a verb's base: a count of them per person or per period is a rate.
const COUNTED_ACTS: &[&str] = &[
    "book",
    "reserve",
    "cancel",
    "move",
    "reschedule",
    "record",
    "submit",
    "confirm",
    "reject",
    "escalate",
];

/// A number of times or things, as a cap writes it: "3", "twice", "ten".
fn a_number(t: &Tok) -> bool {
    (t.kind == Kind::Ident && t.text.bytes().all(|b| b.is_ascii_digit()))
        || is_word(
            t,
            &[
                "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "twelve", "twenty", "once", "twice", "thrice",
            ],
        )
}

/// A cap on how many acts a person makes, or how many appointments a person holds, that the
/// clinic never set ("A patient can book at most 3 appointments a day", "An appointment can be
/// moved at most twice", "Each patient has at most 4 pending appointments", "A patient can see at
/// most 3 doctors a year"): the contract's only limit on acts is the booking rate limit, whose
/// number it does not give (`RATE_LIMITED` with the seconds to wait), so the agent refuses a
/// person an act the API makes. Read: "at most", "no more than", "not more than", "up to" or "a
/// maximum of" with a number, counted per period ("a day", "per week") or of the clinic's acts
/// (after an act's verb, or of appointments, slots, intakes or acts held or made by a person).
/// A value's bound ("at most 100 appointments per page", "up to 20 protocols") counts no act.
pub(crate) fn rate_set(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    let hit = (0..n).find_map(|k| {
        // the number the cap sets, just after its words
        let cap = if is_word(clause[k], &["most"]) && k >= 1 && is_word(clause[k - 1], &["at"])
            || is_word(clause[k], &["than"])
                && k >= 2
                && is_word(clause[k - 1], &["more", "fewer"])
                && is_word(clause[k - 2], &["no", "not"])
            || is_word(clause[k], &["to"]) && k >= 1 && is_word(clause[k - 1], &["up"])
            || is_word(clause[k], &["of"])
                && k >= 1
                && is_word(clause[k - 1], &["maximum", "limit"])
        {
            k + 1
        } else {
            return None;
        };
        let num = clause.get(cap).filter(|x| a_number(x))?;
        // (a case the cap is part of: "1 when the patient has at most 20 appointments")
        let phrase = clause[..k]
            .iter()
            .rposition(|x| x.kind == Kind::Comma)
            .map_or(0, |c| c + 1);
        if clause[phrase..k]
            .iter()
            .any(|x| is_word(x, &["when", "if", "while", "whenever", "until", "once"]))
        {
            return None;
        }
        // ("up to 3 per day" bounds a value the caller sets; only an act counted makes it a
        // rate)
        let up_to = is_word(clause[k], &["to"]);
        // a period per which it counts: "a day", "per week", "each month", "every hour"
        let after: Vec<&Tok> = clause[cap + 1..]
            .iter()
            .take(7)
            .take_while(|x| x.kind == Kind::Word)
            .copied()
            .collect();
        let period = after.windows(2).any(|w| {
            is_word(w[0], &["a", "an", "per", "each", "every", "one"])
                && is_word(
                    w[1],
                    &[
                        "day",
                        "week",
                        "month",
                        "year",
                        "hour",
                        "minute",
                        "fortnight",
                        "weekend",
                    ],
                )
        }) || after
            .iter()
            .any(|x| is_word(x, &["daily", "weekly", "monthly", "yearly", "hourly"]));
        // the act counted: its verb just before the cap ("moved at most twice", "book at most
        // 3"), or its things after the number, held or made by a person ("has at most 4 pending
        // appointments")
        let act_verb = |x: &Tok| {
            verb(&x.text).is_some_and(|(b, _, f)| COUNTED_ACTS.contains(&b) && f != Form::Ing)
        };
        // (a cap at the clause's start, "Maximum of 3 bookings a day", has no verb before it)
        let lead = cap.saturating_sub(if is_word(clause[k], &["most", "to"]) {
            2
        } else {
            3
        });
        let verb_before = lead >= 1 && clause[..lead].iter().rev().take(2).any(|x| act_verb(x));
        let things = after.iter().take(3).any(|x| {
            is_word(
                x,
                &[
                    "appointment",
                    "appointments",
                    "slot",
                    "slots",
                    "intake",
                    "intakes",
                    "visit",
                    "visits",
                    "times",
                ],
            ) || change_noun(&x.text).is_some_and(|b| COUNTED_ACTS.contains(&b))
        });
        let by_a_person = clause[..k]
            .iter()
            .any(|x| is_word(x, &["patient", "patients", "doctor", "doctors"]))
            && clause[..k]
                .iter()
                .any(|x| act_verb(x) || is_word(x, &["has", "have", "holds", "hold"]));
        // (one of a thing is the contract's own count, one intake per appointment and one
        // appointment per slot, read with the counts: only a period makes it a rate)
        let one = is_word(num, &["one", "once", "1"]);
        (period && !up_to || !one && (verb_before || things && by_a_person)).then_some(*num)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a cap on acts the clinic never set: the contract's one limit is the booking rate limit, `RATE_LIMITED` with the seconds to wait, and it gives no number".to_owned(),
        );
    }
}

/// A clinic said to be the caller's own on a public tool ("List the distinct medical specialties
/// offered at the patient's clinic", "Distinct specialties of the caller's clinic", "List the
/// specialties of my clinic"): a public route takes no token, so it knows no caller and no
/// caller's clinic; its answer covers every clinic (or the one its arguments name), and the
/// agent tells a person that what it lists is all their clinic has.
pub(crate) fn own_clinic_of_a_public_tool(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if callers(tool).is_none_or(|c| !c.is_empty()) {
        return;
    }
    // (the caller's, by its names; a doctor's own clinic is the doctor's data: "the clinic of
    // the doctor")
    let whose = |x: &Tok| {
        is_word(
            x,
            &[
                "patient", "patients", "caller", "callers", "user", "users", "person", "my", "our",
                "your",
            ],
        )
    };
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        if !is_word(t, &["clinic", "clinics", "practice"]) {
            return false;
        }
        // "the patient's clinic" (a possessive dropped), "my clinic", "the patient's own clinic"
        let before = k >= 1 && whose(clause[k - 1])
            || k >= 2 && is_word(clause[k - 1], &["own", "home", "usual"]) && whose(clause[k - 2]);
        // "the clinic of the patient", "the clinic of the caller"
        let of = is_word_at(clause, k + 1, &["of"])
            && clause[k + 2..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| whose(x));
        before || of
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a caller's own clinic said of a public tool: it takes no token and knows no caller, and its answer covers every clinic or the one its arguments name".to_owned(),
        );
    }
}

/// The clinics said to share one time zone ("Every clinic is in the same time zone", "IANA
/// time zone of the clinic, the same for every clinic"): the clinics are tenants in different
/// zones, so the agent reads one clinic's local times as another's.
pub(crate) fn zones_merged(clause: &[&Tok], out: &mut Vec<Violation>) {
    let zone = clause
        .iter()
        .any(|x| is_word(x, &["zone", "zones", "timezone"]));
    let all = clause.windows(2).any(|w| {
        is_word(w[0], &["every", "all", "each", "both", "any"])
            && is_word(w[1], &["clinic", "clinics"])
    });
    let one = clause
        .iter()
        .position(|x| is_word(x, &["same", "shared", "common", "share", "shares"]));
    if let Some(k) = one
        && zone
        && all
        && !clause[..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["not", "no"]))
    {
        push(
            out,
            Rule::Directive,
            clause[k],
            "the clinics said to share one time zone: they are tenants in different zones, each slot in its own clinic's".to_owned(),
        );
    }
}
