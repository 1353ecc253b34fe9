//! What a statement may say is done or happens. A catalogue says what a value is, has or
//! contains, and what a person gets or sees; it does not say what a person does, what else
//! happens or what exists in the world. So what a statement may give a person is a closed class
//! (get, see, and the linking verbs the predicates read), read at every finite verb of
//! a statement outside a condition, whatever the verb; nothing happens or exists; and what a
//! verb takes in is read for another change, another object, a person sent somewhere, a value
//! left out, a role.

use super::effects::{TOPICS, frees, in_condition};
use crate::lang::data::{Data, data_allowed};
use crate::lang::predicates::{finite, head_of, reads, role_changes_at, stated_subject};
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// What a person may be said to do: get or see a value (who gets a reminder, who sees a note),
/// or be, have, stay or become what a statement says a thing is (read by the predicates).
const A_PERSON_MAY: &[&str] = &[
    "get", "see", "be", "have", "stay", "remain", "become", "appear", "open", "close",
];

/// Who acts at the clinic besides the people of [`is_person`] and the callers.
const ACTORS: &[&str] = &["reception", "staff", "caller", "callers", "user", "users"];

/// Verbs of holding: a thing said to hold a person's answer claims it was given.
const HOLDS: &[&str] = &[
    "have", "hold", "include", "contain", "carry", "cover", "apply",
];

/// Every finite verb of a statement clause outside a condition, read for who or what it is said
/// of: a person only gets or sees (or is, has, stays or becomes, read by the predicates);
/// nothing happens, and no object of the clinic or change opens but the one a tool that frees a
/// slot frees; nothing is said to exist; and a person's answer is never said to be held, given or
/// to apply, outside the tools that take a form's answers.
pub(super) fn doings(
    clause: &[&Tok],
    text: &str,
    tool: &str,
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let answers_are_data = data_allowed(tool).contains(&Data::Medical);
    // a slot said to be freed for others by a tool that frees none ("Its slot becomes free for
    // other patients" of an escalation)
    // (one that stays open was not freed: "Open slots stay available to others")
    const LINKING: &[&str] = &["becomes", "become", "became"];
    if !frees(effects)
        && let Some(k) = (1..clause.len())
            .find(|&k| is_word(clause[k], LINKING) && opened_for_others(&clause[k + 1..]))
    {
        push(
            out,
            Rule::Effects,
            clause[k],
            format!(
                "\"{} {}\" for others: a slot freed is a change this tool does not make",
                clause[k].text,
                clause[k + 1].text
            ),
        );
        return;
    }
    for k in 1..clause.len() {
        // (a literal is no verb: "the fields `opens` and `closes`", nor a noun after a
        // possessive: "The patient's notes are …")
        let literal = text[..clause[k].start].ends_with('`')
            || text[..clause[k].start].trim_end().ends_with("'s");
        // (a verb of an event or of being there is read whatever comes before it: "What
        // happens after this search is …"; a plural subject takes the base form: "The slots of
        // each other appointment open")
        let eventive = verb(&clause[k].text).is_some_and(|(b, _, f)| {
            matches!(b, "happen" | "exist" | "open")
                && (matches!(f, Form::Third | Form::Past)
                    || (f == Form::Base
                            && head_of(&clause[stated_subject(clause, k).0..k])
                                .is_some_and(|h| h.text.ends_with('s'))
                            && !is_word(clause[k - 1], COPULAS)
                            && !is_word(clause[k - 1], &["has", "was", "does", "stays", "remains"])
                            // ("the ones open to all clinics": an open one; "… open." and
                            // "… open for other patients" with no verb after: they open)
                            && (b != "open"
                                || clause.get(k + 1).is_none_or(|n| {
                                    is_word(n, &["again", "for"])
                                        && !(k + 2..clause.len())
                                            .any(|v| finite(clause, v, false))
                                }))))
        });
        // (a plural noun after a person's word is no verb: "Doctor notes of the visit",
        // "Patient questions are visible to the doctor")
        let compound = clause[k].text.ends_with('s')
            && (is_person(&clause[k - 1].text) || is_word(clause[k - 1], PATIENT_SIDE))
            && clause.get(k + 1).is_some_and(|n| {
                is_word(n, &["of", "for", "and", "or"])
                    || is_word(n, COPULAS)
                    || is_word(n, MODALS)
                    || n.kind != Kind::Word
            });
        if !(finite(clause, k, false) || eventive) || in_condition(clause, k) || literal || compound
        {
            continue;
        }
        let base = match clause[k].text.as_str() {
            "is" | "are" | "was" | "were" => "be",
            "has" | "have" | "had" => "have",
            w => verb(w).map_or(w, |(b, _, _)| b),
        };
        let (from, to, _) = stated_subject(clause, k);
        let subject = &clause[from..to];
        // (a relative word before the verb states of the noun before it; "who" there is a
        // person: "the clinicians who treat the patient" says who sees the form)
        // … and a clause after "where", "what" or "how" is read, not claimed ("Where the doctor
        // practises.")
        let relative = (to > 0 && is_word(clause[to - 1], &["who", "which", "that"]))
            || (0..k).any(|j| {
                is_word(
                    clause[j],
                    &["where", "what", "how", "whether", "which", "who"],
                ) && reads(clause, j)
            });
        let Some(head) = head_of(subject) else {
            continue;
        };
        let person = is_person(&head.text) || is_word(head, ACTORS) || is_word(head, PATIENT_SIDE);
        let own = effects.contains(&base);
        // ("An unknown doctor gives the error 404": what an input leads to, not a person's act)
        let to_an_error = matches!(base, "give" | "return" | "cause")
            && clause[k + 1..]
                .iter()
                .find(|x| !is_word(x, &["the", "an", "a"]))
                .is_some_and(|x| is_word(x, &["error"]));
        // (the appointment's doctor as its role changes, as a value does: "The doctor of the
        // appointment changes to the oncall doctor"; to whom, and on which tool, is read against
        // the acts)
        let role_changes = base == "change" && role_changes_at(clause, k);
        let why = if person
            && !relative
            && !own
            && !to_an_error
            && !role_changes
            && !A_PERSON_MAY.contains(&base)
        {
            Some(format!(
                "\"{}\": a person is said to do something; a text says what a person gets or sees, never what a person does or did",
                clause[k].text
            ))
        } else if base == "exist" {
            Some(
                "\"exists\" says what the world has; a text says what this tool returns".to_owned(),
            )
        // (an event happens; what opens is an object of the clinic or a change, not a clinic or
        // a list at its hours: "The clinic opens at 8:00")
        } else if (base == "happen"
            || base == "open" && (is_word(head, MADE) || change_noun(&head.text).is_some()))
            && !(base == "open" && frees(effects) && own_object(subject))
        {
            Some(format!(
                "\"{}\": a change or an event is said to come about; a changing tool makes its one declared change, and a text says what the tool does and returns",
                clause[k].text
            ))
        } else if !answers_are_data
            && base != "be"
            && is_word(head, ANSWERS)
            && a_persons_answer(subject)
        {
            Some(format!(
                "\"{}\": a person's answer is said to do something; a person answers in the moment, and only that answer counts",
                clause[k].text
            ))
        } else if !answers_are_data && HOLDS.contains(&base) && persons_answer(&clause[k + 1..]) {
            Some(format!(
                "\"{}\" a person's answer: a thing is said to hold a person's answer; a person answers in the moment, and only that answer counts",
                clause[k].text
            ))
        } else {
            None
        };
        if let Some(why) = why {
            push(out, Rule::Directive, clause[k], why);
            return;
        }
    }
}

/// "open", "free" or "available" for or to other people ("… becomes open for other patients").
fn opened_for_others(rest: &[&Tok]) -> bool {
    rest.first()
        .is_some_and(|x| is_word(x, &["open", "free", "available", "released"]))
        && rest.get(1).is_some_and(|x| is_word(x, &["for", "to"]))
        && rest[2..]
            .iter()
            .take(2)
            .any(|x| is_word(x, &["other", "others", "another", "everyone", "anyone"]))
}

/// A person's answer waived: "no answer of the patient", "without the patient's answer" ("Its
/// cancellation depends on no answer of the patient").
pub(super) fn answer_waived(clause: &[&Tok], out: &mut Vec<Violation>) {
    for k in 0..clause.len() {
        if is_word(clause[k], &["no", "without", "not"])
            && persons_answer(&clause[k + 1..])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, ANSWERS) || is_person(&x.text))
        {
            push(
                out,
                Rule::Directive,
                clause[k],
                "a person's answer said to be not needed: only the human's own answer, asked each time, gives consent".to_owned(),
            );
            return;
        }
    }
}

/// What a person gets: a value it leaves out is kept from them.
const SENT_TO_A_PERSON: &[&str] = &[
    "reminder",
    "reminders",
    "email",
    "emails",
    "message",
    "messages",
    "notification",
    "notifications",
    "sms",
    "letter",
    "letters",
    "invoice",
    "invoices",
    "receipt",
    "receipts",
    "notice",
    "notices",
    "confirmation",
];

/// Verbs of holding or reaching: what they take is part of the thing.
const TAKES_IN: &[&str] = &[
    "include", "contain", "hold", "cover", "carry", "extend", "reach", "depend", "end", "take",
];

/// Past the verb at `k` of a statement: a change that is not the tool's own, named with its
/// object or picked ("This search includes a booking of the earliest slot", "The fee depends on
/// a booking within one minute"), or, in a changing tool, another object of its kind taken in
/// ("Its slot includes the slot after it"), or the tool's own change done "also"; a person as
/// what the verb acts on and sends somewhere ("This list refers each patient with chest pain to
/// the hotline"); and a value left out by anything but the tool's answer ("The patient's
/// reminder omits the penalty fee").
pub(super) fn what_a_verb_takes(
    clause: &[&Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    for k in 1..clause.len() {
        if !finite(clause, k, false) || in_condition(clause, k) {
            continue;
        }
        let Some((base, class, _)) = verb(&clause[k].text) else {
            continue;
        };
        let rest = &clause[k + 1..];
        // the verb's object: up to the next verb, stop or comma
        let object: Vec<&Tok> = rest
            .iter()
            .take_while(|x| {
                x.kind == Kind::Word && !(verb(&x.text).is_some_and(|(_, _, f)| f == Form::Third))
            })
            .copied()
            .collect();
        // (what a person gets is theirs: "the patient gets a notification of the new status")
        let gets = matches!(base, "get" | "see");
        let named_change = object.iter().enumerate().find(|&(i, x)| {
            // (a money's, a time's or a value's topic: "the date of the cancellation of the
            // appointment", "the deposit of each cancellation")
            let topic = object[..i].iter().any(|y| {
                is_word(y, TOPICS) || is_word(y, &["date", "time", "status", "id", "deposit"])
            });
            // (a doctor's schedule is the doctor's list, not an act of scheduling: "is in the
            // schedule of the oncall doctor")
            let doctors_list = is_word(x, &["schedule", "schedules"])
                && object[i + 1..]
                    .iter()
                    .take(4)
                    .any(|y| is_word(y, DOCTOR_NAMES));
            !gets
                && !topic
                && !doctors_list
                && change_noun(&x.text).is_some_and(|c| !effects.contains(&c))
                && (object
                    .get(i + 1)
                    .is_some_and(|y| is_word(y, &["of", "to", "with", "within"]))
                    || object[..i].iter().any(|y| is_word(y, ONE_AMONG_OTHERS)))
        });
        // (a reading tool takes in a new object only as picked: "This list includes an
        // appointment with the first doctor"; "The list includes cancelled appointments" passes)
        // (past the verb's own preposition: "ends with an appointment with the first doctor")
        let np = match object.first() {
            Some(x) if is_word(x, PREPOSITIONS) => &object[1..],
            _ => &object[..],
        };
        // (another one pointed at, not its own or none: "Each booking holds its slot", "holds
        // no other slot", "takes the slot")
        let pointed = np.iter().any(|x| {
            is_word(x, ONE_AMONG_OTHERS) || is_word(x, &["same", "another", "after", "before"])
        }) && !np.first().is_some_and(|x| is_word(x, &["its", "no"]));
        let second = TAKES_IN.contains(&base)
            && pointed
            && np
                .iter()
                .take_while(|x| !is_word(x, PREPOSITIONS))
                .last()
                .is_some_and(|h| is_word(h, MADE));
        let also = !effects.is_empty()
            && effects.contains(&base)
            && clause.iter().any(|x| is_word(x, &["also", "too"]));
        // a role taken in: the token says who calls ("The account of the caller includes the
        // role of a doctor")
        let role = (TAKES_IN.contains(&base) || base == "have")
            && object.iter().any(|x| is_word(x, &["role", "roles"]));
        // a failure with no answer named: what fails in the world, not which answer a call
        // gets ("Each booking on the website fails"; "… fails with `SLOT_TAKEN`" names it)
        // (a literal code is read as the word "code")
        let fails_unnamed = base == "fail"
            && !clause.iter().any(|x| {
                x.kind == Kind::Ident || is_word(x, &["code", "codes", "error", "errors"])
            });
        let person_sent = class != VerbClass::Show
            && !matches!(base, "get" | "see" | "have")
            && object.first().is_some_and(|x| is_word(x, DETERMINERS))
            && object
                .get(1)
                .is_some_and(|x| is_person(&x.text) || is_word(x, PATIENT_SIDE))
            && object.iter().skip(2).any(|x| is_word(x, &["to"]));
        let subject = &clause[stated_subject(clause, k).0..k];
        // (what a person gets, a person's own or another source's: "The patient's reminder
        // omits the penalty fee", "The website's list omits each new slot"; the tool's own
        // answer and its values may: "The list omits cancelled appointments", "The fee
        // excludes the deposit")
        let left_out = matches!(base, "omit" | "exclude")
            && (head_of(subject).is_some_and(|h| is_word(h, SENT_TO_A_PERSON))
                || subject.iter().any(|x| {
                    is_person(&x.text)
                        || is_word(x, PATIENT_SIDE)
                        || is_word(x, &["other", "another"])
                        || is_word(x, OUTSIDE)
                }));
        let why = if let Some((_, t)) =
            named_change.filter(|_| TAKES_IN.contains(&base) || class != VerbClass::Show)
        {
            format!(
                "\"{} … {}\": a change other than the tool's own, named with its object, is taken in by the tool's text: an order or a second action",
                clause[k].text, t.text
            )
        } else if role {
            format!(
                "\"{}\" a role: who the caller is comes from the token, never from a text",
                clause[k].text
            )
        } else if fails_unnamed {
            format!(
                "\"{}\" with no answer named: a text says which answer a call gets (a code), not what fails in the world",
                clause[k].text
            )
        } else if second || also {
            format!(
                "\"{}\" takes in another object of the change, or does the change again: a changing tool makes its one declared change once",
                clause[k].text
            )
        } else if person_sent {
            format!(
                "\"{}\" acts on a person and sends them somewhere: a text says what a person gets or sees",
                clause[k].text
            )
        } else if left_out {
            format!(
                "\"{}\" by a thing a person gets or by another source: only the tool's own answer is said to leave something out, and a person's is kept from them",
                clause[k].text
            )
        } else {
            continue;
        };
        push(out, Rule::Directive, clause[k], why);
        return;
    }
}

/// Consent said as terms: a change "within the terms of the booking", "under the rules of the
/// clinic": what a person agreed to is the person's answer, asked each time.
pub(super) fn within_terms(clause: &[&Tok], out: &mut Vec<Violation>) {
    for k in 0..clause.len() {
        if is_word(clause[k], &["within", "under", "per", "by"])
            && clause[k + 1..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["terms", "rules", "policy", "agreement"]))
            && !in_condition(clause, k)
        {
            push(
                out,
                Rule::Directive,
                clause[k],
                "a change said to be within the terms: what a person agreed to is the person's answer, asked each time".to_owned(),
            );
            return;
        }
    }
}

/// A change other than the tool's own, as the state of an object the tool gives back or takes
/// with it: in a changing tool's return or "with" ("Returns the new appointment and the
/// cancelled appointments of the patient", "Ids of the rescheduled appointments of the other
/// patients" as an output), and anywhere of a picked object ("Returns the slots and the booked
/// earliest slot", "… with the earliest slot booked"). "List cancelled appointments" and "Only
/// for pending or confirmed appointments" name a kind.
pub(super) fn changed_by_the_way(
    clause: &[&Tok],
    effects: &[&'static str],
    output_first: bool,
    out: &mut Vec<Violation>,
) {
    // (past the word that gives it back: "A cancelled or rejected appointment returns 422"
    // names a kind before it)
    // ("The result is …" gives back as "Returns …" does)
    let gives = clause.iter().enumerate().position(|(j, x)| {
        is_word(x, &["returns", "return", "gives", "with"])
            || (is_word(x, &["is", "are"])
                && j > 0
                && is_word(clause[j - 1], &["result", "results", "output", "response"]))
    });
    for (k, t) in clause.iter().enumerate() {
        let returned = output_first || gives.is_some_and(|g| g < k);
        let Some((base, VerbClass::Effect, Form::Participle | Form::Past)) = verb(&t.text) else {
            continue;
        };
        if effects.contains(&base) || in_condition(clause, k) {
            continue;
        }
        // the object it is said of: the noun after it ("the cancelled appointments") or, after
        // "with", the noun before it ("with the earliest slot booked")
        let phrase_from = clause[..k]
            .iter()
            .rposition(|x| x.kind == Kind::Comma || is_word(x, &["and", "with", "returns"]))
            .map_or(0, |p| p + 1);
        // (to the end of its noun phrase: "Cancelled and rejected appointments are included,
        // each with its status" picks none)
        let to = (k + 1..clause.len())
            .find(|&j| clause[j].kind != Kind::Word || finite(clause, j, false))
            .unwrap_or(clause.len())
            .min(k + 6);
        let picked = clause[phrase_from..to].iter().any(|x| {
            is_word(
                x,
                &[
                    "earliest", "first", "next", "latest", "last", "other", "each", "every", "all",
                ],
            )
        });
        // (an object of the clinic; money too when picked: "the refunded deposit of each other
        // visit")
        let object = |x: &Tok| {
            is_word(x, MADE)
                || (picked && is_word(x, &["deposit", "deposits", "fee", "fees", "payment"]))
        };
        let after = clause[k + 1..]
            .iter()
            .take(3)
            .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
            .any(|x| object(x));
        // (after "with", the thing it is said of comes before it: "with the earliest slot
        // booked", "with an appointment with the first doctor booked")
        let before = clause[..k]
            .iter()
            .position(|x| is_word(x, &["with"]))
            .is_some_and(|w| clause[w + 1..k].iter().any(|x| object(x)));
        if !(after || before) {
            continue;
        }
        // (given back, more than its one object: a plural, or one of a person's or of others:
        // "the cancelled appointments of the patient"; "The booked slot." of a moved
        // appointment is its part)
        let more = clause[k + 1..]
            .iter()
            .take(3)
            .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
            .any(|x| object(x) && x.text.ends_with('s'))
            || clause[k + 1..].windows(3).take(4).any(|w| {
                is_word(w[0], &["of"])
                    && (is_word(w[1], PATIENT_SIDE)
                        || is_word(w[2], PATIENT_SIDE)
                        || is_word(w[1], &["other", "others"])
                        || is_word(w[2], &["other", "others"]))
            });
        if (!effects.is_empty() && returned && more) || picked {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"{}\" says another change was made to an object the tool gives back: a tool makes its one declared change",
                    t.text
                ),
            );
            return;
        }
    }
}

/// A person's earlier answer, in any clause, a condition too ("If the patient gave an answer at
/// the intake, the move is complete"): only the human's answer, asked now, counts.
pub(super) fn earlier_answer(clause: &[&Tok], out: &mut Vec<Violation>) {
    for k in 1..clause.len() {
        let person = is_person(&clause[k - 1].text) || is_word(clause[k - 1], PATIENT_SIDE);
        // (a regular verb's "-ed" reads as a participle, so the past that says it is "gave";
        // "the patient accepted …" is the consent readings')
        let past = verb(&clause[k].text).is_some_and(|(b, _, f)| {
            f == Form::Past
                && b == "give"
                && clause[k + 1..].iter().take(4).any(|x| is_word(x, ANSWERS))
        });
        if person && past {
            push(
                out,
                Rule::Directive,
                clause[k],
                format!(
                    "\"{} {}\": a person's earlier answer as a fact or a condition; only the human's answer, asked now, counts",
                    clause[k - 1].text,
                    clause[k].text
                ),
            );
            return;
        }
    }
}

/// Words that pick one thing among others.
const ONE_AMONG_OTHERS: &[&str] = &[
    "next", "first", "earliest", "latest", "last", "soonest", "other",
];

/// The subject names one thing of the tool's own object, not others of its kind ("Its slot
/// opens for other patients"; not "Each other slot of the doctor opens", "The upcoming slots of
/// the patient open").
fn own_object(subject: &[&Tok]) -> bool {
    subject.first().is_some_and(|x| is_word(x, &["its", "the"]))
        && !subject.iter().any(|x| is_word(x, SCOPE))
        && head_of(subject).is_some_and(|h| !h.text.ends_with('s'))
}

/// A person's answer among the next words, up to the clause's next verb ("has the answer of
/// the patient", "has the patient's answer").
fn persons_answer(rest: &[&Tok]) -> bool {
    let phrase: Vec<&Tok> = rest
        .iter()
        .take(8)
        .take_while(|x| {
            x.kind == Kind::Word && verb(&x.text).is_none_or(|(_, _, f)| f != Form::Third)
        })
        .copied()
        .collect();
    a_persons_answer(&phrase)
}

/// A change carried to another object by an ellipsis ("The appointment becomes cancelled, as
/// does each other upcoming appointment of the patient", "…, as does the slot after it"): a
/// tool makes its one declared change, on its one object.
pub(super) fn change_by_ellipsis(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause
        .windows(2)
        .position(|w| is_word(w[0], &["as", "so"]) && is_word(w[1], &["does", "do", "did"]))
    else {
        return;
    };
    // (after a change said as a state: "becomes cancelled", "is booked")
    let changed = clause[..k].iter().any(|x| {
        matches!(
            verb(&x.text),
            Some((
                _,
                VerbClass::Effect,
                Form::Participle | Form::Past | Form::Third
            ))
        )
    });
    if changed {
        push(
            out,
            Rule::Effects,
            clause[k + 1],
            format!(
                "\"{} {}\" carries the change to another object: a tool makes its one declared change",
                clause[k].text,
                clause[k + 1].text
            ),
        );
    }
}

/// A changing tool's parameter that stands for more than its one object: a list of ids, a value
/// for each of a kind ("Ids of the appointments, as a list", "Id of the appointment, or 0 for
/// each upcoming one"). A changing tool changes one object, named by the caller.
pub(super) fn many_objects_taken(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(first) = clauses.first() else {
        return;
    };
    let ids = first.windows(3).take(2).find(|w| {
        is_word(w[0], &["ids", "codes", "numbers"])
            && is_word(w[1], &["of"])
            && (is_word(w[2], MADE)
                || w[2].text == "the"
                    && first
                        .iter()
                        .skip(3)
                        .take(1)
                        .any(|x| is_word(x, MADE) && x.text.ends_with('s')))
    });
    let each = clauses.iter().flat_map(|c| c.windows(2)).find(|w| {
        is_word(w[0], &["each", "every", "all"])
            && is_word(w[1], &["upcoming", "one", "ones", "other", "of", "pending"])
    });
    if let Some(t) = ids.map(|w| w[0]).or(each.map(|w| w[0])) {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "\"{}\": a changing tool's parameter stands for its one object, named by the caller",
                t.text
            ),
        );
    }
}

/// A tool that frees a slot said to leave it taken ("Its slot stays booked" of a cancellation,
/// "the old slot stays booked" or "is kept for the patient for 1 day" of a move, "its slot stays
/// with the patient", "a cancelled appointment keeps its slot"): the patient keeps two slots or
/// pays for one given back, or thinks she still holds a time the clinic gave back, and no other
/// patient gets it. "It" is the slot when the text names one ("The booked slot; it stays with
/// the patient").
pub(super) fn freed_slot_kept(
    clause: &[&Tok],
    toks: &[Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let slot = |t: &Tok| is_word(t, &["slot", "slots"]);
    let of_the_slot = clause.iter().any(|t| slot(t))
        || toks.iter().any(slot) && clause.iter().any(|t| is_word(t, &["it", "they"]));
    if !frees(effects) || !of_the_slot {
        return;
    }
    // (a failed act changes nothing: "On a failure, the appointment keeps its slot")
    let failed = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "failure", "failures", "fails", "failed", "error", "errors", "refused", "code",
                "codes",
            ],
        )
    });
    const STAYS: &[&str] = &["stays", "stay", "remains", "remain", "still"];
    // ("stays booked", or kept, held or reserved for someone: "The old slot is kept for the
    // patient for 1 day"; stays with a person: "its slot stays with the patient")
    let hit = (0..clause.len().saturating_sub(1)).find(|&i| {
        let (a, b) = (clause[i], clause[i + 1]);
        is_word(a, STAYS) && is_word(b, &["booked", "taken", "held", "reserved", "occupied"])
            || is_word(a, &["kept", "held", "reserved", "blocked"]) && is_word(b, &["for", "until"])
            || !failed
                && is_word(a, STAYS)
                && is_word(b, &["with"])
                && clause[i + 2..]
                    .iter()
                    .take(3)
                    .any(|x| is_person(&x.text) || is_word(x, PATIENT_SIDE))
            // ("keeps its slot", "keeps the slot")
            || !failed
                && is_word(a, &["keeps", "keep", "retains", "retain", "holds", "hold"])
                && clause[i + 1..]
                    .iter()
                    .take(2)
                    .any(|x| slot(x))
    });
    if let Some(i) = hit {
        push(
            out,
            Rule::Effects,
            clause[i + 1],
            "a slot this tool frees said to stay taken: the tool's change leaves its slot open"
                .to_owned(),
        );
    }
}
