//! Claims no text of ours makes: consent, haste, verdicts of truth, currency, a wish or review,
//! and the small claims of [`claims_more`].

use crate::lang::data::{Data, PERSONAL_WORDS, medical};
use crate::lang::predicates::PREDICATE_HEADS;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// A person's answer said to be a yes ("The answer of the patient to each move is true", "The
/// patient gave an answer of true to the fee"): a consent claim with no word of consent.
pub(super) fn answer_as_yes(clause: &[&Tok], out: &mut Vec<Violation>) {
    let answer = clause.iter().position(|t| is_word(t, ANSWERS));
    let Some(a) = answer else { return };
    let persons = clause.iter().any(|t| is_word(t, PEOPLE));
    // a yes as the answer, not as one of its values ("true or false", "yes or no")
    let yes = (a..clause.len())
        .find(|&k| {
            is_word(clause[k], &["true", "yes", "positive"])
                && !clause
                    .get(k + 1)
                    .is_some_and(|n| is_word(n, &["or", "when", "if"]))
                && !(k >= 1 && is_word(clause[k - 1], &["or", "either", "when", "if"]))
        })
        .map(|k| clause[k]);
    if persons && let Some(t) = yes {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\": a person's answer said to be a yes claims consent; only the human's own answer gives it",
                t.text
            ),
        );
    }
}

/// Claims of consent: a consent word with a person, or taken as the same as something else.
/// `value_named`: the clause opens a parameter's or field's description, where a consent noun at
/// its head names what the value is ("the confirmation of the visit by the patient, if any").
pub(super) fn consent(
    clause: &[&Tok],
    effects: &[&'static str],
    value_named: bool,
    out: &mut Vec<Violation>,
) {
    let person = clause.iter().any(|t| is_word(t, PEOPLE));
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, CONSENT) {
            continue;
        }
        // what stands in for the answer is said next to it ("counts as agreement", "agreed in
        // advance"); "before the visit" far from it is a time
        // ("already confirmed, rejected or cancelled": one of several states, not a yes held
        // in advance)
        let alternatives = or_listed(clause, k) || appointment_status(clause, k);
        // ("such as" gives an example, it equates nothing)
        let equivalence = (k.saturating_sub(4)..(k + 5).min(clause.len()))
            .any(|j| {
                let x = clause[j];
                is_word(x, EQUIVALENCE)
                    && !is_word(x, &["before"])
                    && !(alternatives && is_word(x, &["already"]))
                    && !(is_word(x, &["as"]) && j > 0 && is_word(clause[j - 1], &["such"]))
            })
            // "agreed before (the booking)": next to it, in the same phrase
            || clause[k + 1..]
                .iter()
                .take(2)
                .take_while(|x| x.kind != Kind::Comma)
                .any(|x| is_word(x, &["before"]));
        // the tool's own effect named as a state ("the appointment becomes confirmed") or as a
        // thing ("after the confirmation" in the confirming tool)
        let own = verb(&t.text).is_some_and(|(v, _, _)| effects.contains(&v))
            || effects
                .iter()
                .any(|e| t.text.len() > e.len() + 2 && t.text.starts_with(e));
        // a person who gives, sends or signs the thing makes it a yes again ("the patient gave a
        // confirmation email"); one who gets it does not ("the patient gets a confirmation email")
        let given = (0..k).any(|j| {
            is_word(clause[j], PEOPLE)
                && clause[j + 1..k].iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "gave",
                            "gives",
                            "give",
                            "sent",
                            "sends",
                            "send",
                            "signed",
                            "signs",
                            "sign",
                            "provided",
                            "provides",
                            "returned",
                            "returns",
                            "submitted",
                            "submits",
                        ],
                    )
                })
        });
        let data = (names_a_thing(clause, t) && !given)
            || possible_status(clause, k)
            || asked_whether(clause, k)
            || conditioned(clause, k)
            || listed_state(clause, k)
            || doctors_review(clause, k)
            || (value_named && heads_the_value(clause, k));
        if (person && !own && !data) || equivalence {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" claims consent, agreement or confirmation; only the human's own answer gives it",
                    t.text
                ),
            );
            return;
        }
    }
}

/// "confirmed" as an appointment's status, "already" before it: its subject an appointment
/// ("one already confirmed by the doctor"), its agent the doctor, who is the one to confirm; a
/// person's yes held in advance is not that, and with no agent the state is left to the other
/// readings of a result's status.
fn appointment_status(clause: &[&Tok], k: usize) -> bool {
    let linking = [
        "already", "is", "was", "are", "were", "that", "which", "been", "has", "have",
    ];
    let subject = clause[..k]
        .iter()
        .rev()
        .skip_while(|x| is_word(x, &linking))
        .take(1)
        .any(|x| {
            is_word(
                x,
                &["appointment", "appointments", "one", "ones", "it", "visit"],
            )
        });
    let agent_ok = is_word_at(clause, k + 1, &["by"])
        && clause[k + 2..]
            .iter()
            .find(|x| !is_word(x, DETERMINERS))
            .is_some_and(|x| is_word(x, &["doctor", "doctors"]));
    is_word(clause[k], &["confirmed"])
        && k > 0
        && is_word(clause[k - 1], &["already"])
        && subject
        && agent_ok
}

/// A confirmation beside its rejection, by the doctor ("pending until the doctor confirms or
/// rejects it", "confirmed or rejected by the doctor", "the doctor's confirmation or
/// rejection"): the doctor's review of a booking, which either answer ends; no yes is said to
/// be given. A patient's or a person's is not read here.
pub(super) fn doctors_review(clause: &[&Tok], k: usize) -> bool {
    const CONFIRM: &[&str] = &["confirm", "confirms", "confirmed", "confirmation"];
    const REJECT: &[&str] = &["reject", "rejects", "rejected", "rejection"];
    if !is_word(clause[k], CONFIRM) {
        return false;
    }
    let beside = (is_word_at(clause, k + 1, &["or"]) && is_word_at(clause, k + 2, REJECT))
        || (k >= 2 && is_word(clause[k - 1], &["or"]) && is_word(clause[k - 2], REJECT));
    // what is reviewed is a booking: nothing after the pair, the doctor, or a pending
    // appointment ("it", "a pending one", "the booking"), not another act ("the cancellation")
    let end = if is_word_at(clause, k + 1, &["or"]) {
        k + 3
    } else {
        k + 1
    };
    let after: Vec<&Tok> = clause[end.min(clause.len())..]
        .iter()
        .take_while(|x| x.kind == Kind::Word)
        .take(4)
        .copied()
        .collect();
    // (the booking named: "the booking", "a pending one", "each of them")
    const BOOKED: &[&str] = &[
        "appointment",
        "appointments",
        "booking",
        "bookings",
        "request",
        "requests",
        "one",
        "ones",
        "them",
    ];
    const BEFORE_IT: &[&str] = &[
        "the", "a", "an", "each", "every", "pending", "new", "this", "its", "of",
    ];
    let booking = after
        .first()
        .is_none_or(|x| is_word(x, &["by", "it", "them", "then", "first"]))
        || after.last().is_some_and(|x| is_word(x, BOOKED))
            && after
                .iter()
                .all(|x| is_word(x, BOOKED) || is_word(x, BEFORE_IT));
    // the doctor is the one who answers: the last person named before it ("the doctor of the
    // slot confirms", "the doctor's confirmation"), or "by" the doctor after it
    let doctor = |x: &Tok| is_word(x, &["doctor", "doctors"]);
    let before = clause[..k]
        .iter()
        .rev()
        .find(|x| is_word(x, PEOPLE) || doctor(x))
        .is_some_and(|x| doctor(x));
    let by = clause[k + 1..]
        .iter()
        .take(6)
        .position(|x| is_word(x, &["by"]))
        .is_some_and(|i| clause[k + 2 + i..].iter().take(3).any(|x| doctor(x)));
    // no other person in the clause answers for it ("the patient confirms or rejects the fee")
    let others = clause
        .iter()
        .any(|x| is_word(x, PEOPLE) && !is_word(x, &["doctor", "doctors"]));
    beside && booking && (before || by) && !others
}

/// Objects of the clinic a text gives no clock of minutes to.
const SHORT_LIVED: &[&str] = &[
    "slot",
    "slots",
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "place",
    "places",
    "position",
    "offer",
    "offers",
];

/// Haste and skipping the person: "at once", "right away", "immediately", "without delay",
/// "with no question", "without asking". A description says what the tool does, never how soon
/// or past whom the reader should act.
/// `asks_none`: the tool is one the server asks no question for, so that "The server asks no
/// question before the booking" states what it does.
pub(super) fn haste(clause: &[&Tok], asks_none: bool, out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        let next = clause.get(k + 1).copied();
        // "<someone> asks / gets no question": a statement of the server's, true of a tool that
        // asks none ("without a question" stays a way to act)
        let none_asked = asks_none
            && is_word(t, &["no"])
            && next.is_some_and(|n| is_word(n, &["question", "questions"]))
            && k >= 1
            && is_word(
                clause[k - 1],
                &[
                    "asks", "ask", "gets", "get", "receives", "receive", "sees", "see", "shows",
                    "show", "puts", "put",
                ],
            );
        if none_asked {
            continue;
        }
        // (when a change said as a state comes, after "is" and a participle, is a fact of the
        // change: "its slot is released at once")
        let as_a_state = k >= 2
            && clause[k - 1].text.ends_with("ed")
            && is_word(clause[k - 2], &["is", "are", "becomes", "become"]);
        let hasty = (is_word(t, &["at"])
            && next.is_some_and(|n| is_word(n, &["once"]))
            && !as_a_state)
            || (is_word(t, &["right", "straight"]) && next.is_some_and(|n| is_word(n, &["away"])))
            || is_word(t, &["immediately", "instantly"])
            || (is_word(t, &["no", "without"])
                && next.is_some_and(|n| {
                    is_word(
                        n,
                        &[
                            "delay",
                            "wait",
                            "waiting",
                            "question",
                            "questions",
                            "asking",
                            "check",
                            "checking",
                        ],
                    )
                }));
        // the person's question put after the act ("before any question to the patient", "the
        // question to the patient is later")
        let asked = |x: &Tok| {
            is_word(
                x,
                &[
                    "question",
                    "questions",
                    "asking",
                    "answer",
                    "check",
                    "checks",
                ],
            )
        };
        // a short life said of an object of the clinic: "Each open slot expires after 2 minutes"
        // (a clock the reader is to race; a value may have one: "Slot ids expire after 10
        // minutes")
        // ("Each slot ends 15 minutes after its start" is a length, not a life)
        let expires = is_word(t, &["expires", "expire", "lapses", "lapse"])
            && clause[..k].iter().any(|x| is_word(x, SHORT_LIVED))
            && !clause[..k]
                .iter()
                .any(|x| is_word(x, VALUE_HEADS) || is_word(x, &["link", "token"]))
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["minute", "minutes", "second", "seconds"]));
        // … and anything due within minutes ("A payment of the fee is due within 2 minutes";
        // "Check-in is due 15 minutes before the appointment" is a time)
        let due_soon = is_word(t, &["due"])
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["within", "in"]))
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["minute", "minutes", "second", "seconds"]));
        // … or taken away within minutes ("Each open slot is unavailable after 1 minute")
        let gone_soon = is_word(
            t,
            &[
                "unavailable",
                "closed",
                "taken",
                "full",
                "gone",
                "released",
                "invalid",
                "inactive",
                "void",
            ],
        ) && clause[..k].iter().any(|x| is_word(x, SHORT_LIVED))
            && !clause[..k]
                .iter()
                .any(|x| is_word(x, VALUE_HEADS) || is_word(x, &["link", "token"]))
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["after", "within", "in"]))
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["minute", "minutes", "second", "seconds"]));
        // a person's question or check said to be replaced ("… instead of a question to the
        // patient", "in place of a check with the patient")
        let replaced = is_word(t, &["instead", "place"])
            && next.is_some_and(|n| is_word(n, &["of"]))
            && clause[k + 2..].iter().take(3).any(|x| asked(x));
        // (the question said to come before the act: "The patient gets a question about the
        // appointment first"; which tools ask is `question_claimed`'s)
        let question_first = (0..clause.len()).any(|q| {
            is_word(clause[q], &["question", "questions"])
                && clause[q + 1..]
                    .iter()
                    .take_while(|x| x.kind == Kind::Word)
                    .take(5)
                    .any(|x| is_word(x, &["first"]))
        }) && !clause.iter().any(|x| {
            is_word(
                x,
                &["later", "after", "afterwards", "long", "sooner", "then"],
            )
        });
        let hasty = hasty
            || expires
            || due_soon
            || gone_soon
            || replaced
            || (is_word(t, &["before"]) && clause[k + 1..].iter().take(2).any(|x| asked(x)))
            // (a person's question: "the answer is the error 429 with a `Retry-After` header"
            // is the API's answer, as is "the answer is `SLOT_TAKEN`": a code names it)
            || (asked(t)
                && !question_first
                && !answered_with_a_code(clause, k)
                && clause.iter().any(|x| is_word(x, PEOPLE))
                && clause.iter().any(|x| {
                    is_word(
                        x,
                        &["later", "after", "afterwards", "long", "first", "sooner"],
                    )
                }));
        if hasty {
            push(
                out,
                Rule::Directive,
                t,
                "haste or skipping a question: a text says what the tool does, not how soon or past whom to act".to_owned(),
            );
            return;
        }
    }
}

/// "the answer is `SLOT_TAKEN`", "the answer is the error SLOT_TAKEN": the answer at `k` is the
/// clinic API's, named by a code (a snake_case name, or a quoted literal, read as the noun
/// "code") within a few words after "is"; a person's answer is never a code.
fn answered_with_a_code(clause: &[&Tok], k: usize) -> bool {
    is_word(clause[k], &["answer"])
        && k >= 1
        && is_word(clause[k - 1], &["the"])
        && clause.get(k + 1).is_some_and(|x| is_word(x, &["is"]))
        && clause[k + 2..]
            .iter()
            .filter(|x| x.kind != Kind::Comma)
            .take(3)
            .any(|x| (x.kind == Kind::Ident && x.text.contains('_')) || is_word(x, &["code"]))
}

/// "what is wrong": the matter a text describes (the reason of an escalation), a noun clause,
/// not a verdict on a value or a source.
fn the_matter(clause: &[&Tok], k: usize) -> bool {
    is_word(clause[k], &["wrong"])
        && k >= 2
        && is_word(clause[k - 1], &["is", "was"])
        && is_word(clause[k - 2], &["what"])
}

/// A verdict on truth said of what the tool returns: "each protocol is final and correct",
/// "results here are exact", "the highest match is the correct one". A text says what a value
/// is, not how far to trust it. `own_act` tells a noun of the tool's own declared change: that
/// act said to be final is a fact of the act ("The cancellation is final"), not a verdict.
pub(super) fn judged_true(
    clause: &[&Tok],
    own_act: &dyn Fn(&Tok) -> bool,
    out: &mut Vec<Violation>,
) {
    const VERDICTS: &[&str] = &[
        "correct",
        "incorrect",
        "wrong",
        "accurate",
        "inaccurate",
        "authoritative",
        "definitive",
        "reliable",
        "unreliable",
        "trustworthy",
        "exact",
        "final",
    ];
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, VERDICTS) || the_matter(clause, k) {
            continue;
        }
        // a status that is final is one the object ends in ("The statuses cancelled and
        // rejected are final"), not a verdict on what the tool returns
        // (… or of an appointment named by that status: "a rejected or cancelled appointment is
        // final")
        if is_word(t, &["final"])
            && clause[..k].iter().any(|x| {
                is_word(x, &["status", "statuses", "state", "states"])
                    || is_word(x, &["cancelled", "rejected", "completed", "expired"])
            })
        {
            continue;
        }
        // the tool's own change, final: its subject is the act's noun, the sentence's first noun
        if is_word(t, &["final"])
            && clause[..k]
                .iter()
                .find(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS))
                .is_some_and(|x| own_act(x))
        {
            continue;
        }
        // "exact" before a noun of a value's form says how it is written, not whether it is true
        // ("an exact value as returned by list_specialties", "the exact title")
        if is_word(t, &["exact"])
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, PREDICATE_HEADS))
        {
            continue;
        }
        // in a predicate, after "is", "are", "be", or in apposition after a comma (with at most
        // "the", "a" or "and" and another verdict between): not "the exact title"
        let predicate = clause[k.saturating_sub(4)..k]
            .iter()
            .rev()
            .take_while(|x| {
                x.kind == Kind::Comma
                    || is_word(
                        x,
                        &["the", "a", "an", "and", "one", "only", "most", "always"],
                    )
                    || is_word(x, VERDICTS)
                    || is_word(x, &["is", "are", "be", "was", "were"])
            })
            .any(|x| x.kind == Kind::Comma || is_word(x, &["is", "are", "be", "was", "were"]));
        if predicate {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" judges the truth of what the tool returns: a text says what a value is",
                    t.text
                ),
            );
            return;
        }
    }
}

/// Data spread to a scope of recipients: "each clinic in the region gets the symptoms of the
/// patient", "every doctor receives the medications".
pub(super) fn spread_to_many(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause
        .iter()
        .position(|x| is_word(x, &["gets", "get", "receives", "receive", "sees", "see"]))
    else {
        return;
    };
    let many = clause[..k]
        .iter()
        .any(|x| is_word(x, &["every", "each", "all", "other", "any"]));
    let data = clause[k + 1..]
        .iter()
        .any(|x| is_word(x, PERSONAL_WORDS) || medical(x));
    if many && data {
        push(
            out,
            Rule::Exfiltration,
            clause[k],
            "a person's data goes to a scope of recipients".to_owned(),
        );
    }
}

/// The tool used again, or a number of times: "until the tool is used ten times", "the tool is
/// then used again". How often to call is the reader's choice, never the text's.
pub(super) fn repeated_use(clause: &[&Tok], out: &mut Vec<Violation>) {
    let tool = clause.iter().any(|x| is_word(x, &["tool", "tools"]));
    let Some(k) = clause.iter().position(|x| {
        is_word(x, &["again", "repeatedly"])
            || (is_word(x, &["times"]) && !clause.iter().any(|y| is_word(y, &["at"])))
    }) else {
        return;
    };
    if tool {
        push(
            out,
            Rule::Directive,
            clause[k],
            "how often the tool is used: the reader's choice, never the text's".to_owned(),
        );
    }
}

/// No answer taken as a yes: "with no answer from the patient, the slot is booked", "a slot
/// left without a reply is booked". An absent answer beside a change, or beside a word of
/// consent, claims the person agreed.
pub(super) fn silence_as_yes(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = (0..clause.len()).find(|&k| {
        is_word(clause[k], &["no", "without"])
            && clause[k + 1..(k + 3).min(clause.len())]
                .iter()
                .any(|x| is_word(x, ANSWERS) || is_word(x, &["word"]))
    }) else {
        return;
    };
    // (read within its own part of a joined clause: "only `true` rejects it, and a question
    // with no answer gives `CONFIRMATION_DECLINED`" says no change of the silence)
    let joint = |i: usize| {
        clause[i].kind == Kind::Comma
            && is_word_at(clause, i + 1, &["and", "but", "while", "whereas"])
    };
    let start = (0..k).rev().find(|&i| joint(i)).map_or(0, |i| i + 2);
    let end = (k..clause.len())
        .find(|&i| joint(i))
        .unwrap_or(clause.len());
    let clause = &clause[start..end];
    // (the API's silence is no person's: a change beside it is the lost-answer readings',
    // "with no answer from the API, the slot may be booked or not")
    let of_the_api = clause
        .iter()
        .any(|x| is_word(x, &["api", "server", "upstream", "connection", "network"]))
        && !clause.iter().any(|x| is_word(x, PEOPLE));
    let acts = clause.iter().any(|x| {
        is_word(x, CONSENT)
            || !of_the_api && verb(&x.text).is_some_and(|(_, c, _)| c == VerbClass::Effect)
    });
    if acts {
        push(
            out,
            Rule::Directive,
            clause[k - start],
            "no answer beside a change or a yes: silence is taken as consent".to_owned(),
        );
    }
}

/// "whether the patient agrees": the question a value answers, not a claim ("whether or not"
/// is no question).
pub(super) fn asked_whether(clause: &[&Tok], k: usize) -> bool {
    (0..k).any(|j| {
        is_word(clause[j], &["whether"]) && clause.get(j + 1).is_none_or(|x| !is_word(x, &["or"]))
    })
}

/// "only after the patient accepts", "if the patient agrees", "until the doctor confirms",
/// "pending until confirmed by the doctor": the condition the tool waits for, not a claim that it
/// holds (what stands in for the answer, "agreed in advance", is read apart).
pub(super) fn conditioned(clause: &[&Tok], k: usize) -> bool {
    // a state that waits for the yes: "pending until confirmed by the doctor", "until the
    // patient's approval"; "until" says it is not given yet
    // (what stands in for the answer is read in its phrase: "its id stays the same and its
    // status becomes pending until confirmed" holds no equivalence)
    // ("The result is the same appointment, pending until confirmed": "same" in the phrase
    // before the comma is the thing's identity, not what stands in for the yes)
    let awaited = (k.saturating_sub(3)..k).any(|j| is_word(clause[j], &["until"]))
        && !clause[k.saturating_sub(5)..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, EQUIVALENCE));
    if awaited {
        return true;
    }
    // a yes the tool waits for is in the present ("agrees"); one in the past ("once the patient
    // agreed") is presumed to have been given
    let present = is_word(
        clause[k],
        &[
            "agree", "agrees", "accept", "accepts", "confirm", "confirms", "approve", "approves",
        ],
    );
    // ("whether a parent or guardian accepts the visit": the question a value answers; "whether
    // or not the patient agrees" is regardless of the answer)
    present
        && (k.saturating_sub(5)..k).any(|j| {
            is_word(
                clause[j],
                &["after", "if", "when", "until", "once", "unless", "before"],
            ) || (is_word(clause[j], &["whether"])
                && !clause.get(j + 1).is_some_and(|n| is_word(n, &["or"])))
        })
}

/// Is the participle at `k` one of several states joined by "or" ("confirmed, rejected or
/// cancelled")? Alternatives claim none of them.
pub(super) fn or_listed(clause: &[&Tok], k: usize) -> bool {
    let item = |x: &Tok| {
        x.kind == Kind::Comma
            || is_word(x, &["or"])
            || (x.kind == Kind::Word && x.text.ends_with("ed"))
    };
    let start = (0..k)
        .rev()
        .take_while(|&j| item(clause[j]))
        .last()
        .unwrap_or(k);
    let end = (k..clause.len())
        .take_while(|&j| item(clause[j]))
        .last()
        .unwrap_or(k);
    let list = &clause[start..=end];
    let states = list
        .iter()
        .filter(|x| x.kind == Kind::Word && x.text.ends_with("ed"));
    // (one of them no yes at all: "agreed or accepted" is still a yes)
    list.iter().any(|x| is_word(x, &["or"]))
        && states.clone().count() >= 2
        && states.clone().any(|x| !is_word(x, CONSENT))
}

/// A status an appointment can come to ("it can become `confirmed` or `rejected` by the doctor,
/// or `cancelled`"): a way its status may go, by the doctor's act if by anyone's, not a claim
/// that it went there.
pub(super) fn possible_status(clause: &[&Tok], k: usize) -> bool {
    if !is_word(clause[k], APPOINTMENT_STATUSES) {
        return false;
    }
    let joint = |x: &Tok| x.kind == Kind::Comma || is_word(x, &["or", "and"]);
    let mut j = k;
    while j > 0 && (joint(clause[j - 1]) || is_word(clause[j - 1], APPOINTMENT_STATUSES)) {
        j -= 1;
    }
    let possible = j >= 2
        && is_word(clause[j - 1], &["become", "becomes"])
        && is_word(clause[j - 2], &["can", "may", "could"]);
    // whoever it is "by" is the doctor or the clinic, whose act the status records
    let by_the_clinic = clause[k + 1..]
        .iter()
        .take_while(|x| x.kind != Kind::Stop)
        .enumerate()
        .filter(|(_, x)| is_word(x, &["by"]))
        .all(|(i, _)| {
            clause[k + 1 + i + 1..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["doctor", "doctors", "clinic"]))
        });
    possible && by_the_clinic
}

/// A state in a list of states ("one of booked, confirmed, cancelled"): a participle with a comma
/// on one side and another participle, not one of consent, beyond it; in a list of three or more.
pub(super) fn listed_state(clause: &[&Tok], k: usize) -> bool {
    let participle =
        |x: &Tok| x.kind == Kind::Word && x.text.ends_with("ed") && !is_word(x, CONSENT);
    let commas = clause.iter().filter(|x| x.kind == Kind::Comma).count();
    let before = k >= 2 && clause[k - 1].kind == Kind::Comma && participle(clause[k - 2]);
    let after = clause.get(k + 1).is_some_and(|x| x.kind == Kind::Comma)
        && clause.get(k + 2).is_some_and(|x| participle(x));
    // the list's first item, walking back over items, commas and "or"/"and": a person just
    // before it makes the list what that person did ("the patient confirmed, cancelled, …")
    let mut start = k;
    while start > 0 {
        let x = clause[start - 1];
        let item = x.kind == Kind::Comma
            || (x.kind == Kind::Word && x.text.ends_with("ed"))
            || is_word(x, &["or", "and"]);
        if !item {
            break;
        }
        start -= 1;
    }
    let done_by_a_person = start > 0 && is_word(clause[start - 1], PEOPLE);
    // "pending or confirmed appointments": a status of the list's words before a noun
    let statuses = &[
        "pending",
        "cancelled",
        "canceled",
        "rejected",
        "booked",
        "open",
        "completed",
        "missed",
        "confirmed",
    ];
    let or_state = |j: usize| clause.get(j).is_some_and(|x| is_word(x, &["or", "and"]));
    let attributive = clause[k].text.ends_with("ed")
        && ((k >= 2 && or_state(k - 1) && is_word(clause[k - 2], statuses))
            || (or_state(k + 1) && clause.get(k + 2).is_some_and(|x| is_word(x, statuses))))
        && clause[k + 1..]
            .iter()
            .find(|x| !is_word(x, &["or", "and"]) && !is_word(x, statuses))
            .is_some_and(|x| is_word(x, APPOINTMENT_NAMES) || is_word(x, &["ones"]));
    // (or after its noun, set off: "one of the patient's appointments, pending or confirmed, to
    // another open slot")
    let postpositive = clause[k].text.ends_with("ed")
        && k >= 4
        && or_state(k - 1)
        && is_word(clause[k - 2], statuses)
        && clause[k - 3].kind == Kind::Comma
        && is_word(clause[k - 4], APPOINTMENT_NAMES)
        && clause
            .get(k + 1)
            .is_none_or(|x| x.kind != Kind::Word || is_word(x, PREPOSITIONS));
    attributive
        || postpositive
        || (commas >= 2 && clause[k].text.ends_with("ed") && (before || after) && !done_by_a_person)
}

/// A consent noun at the head of the noun phrase that opens a value's description ("the
/// confirmation of the visit by the patient"), in a clause with no finite verb that would make it
/// a claim ("confirmation is given").
pub(super) fn heads_the_value(clause: &[&Tok], k: usize) -> bool {
    const NOUNS: &[&str] = &[
        "confirmation",
        "consent",
        "agreement",
        "approval",
        "permission",
    ];
    let head = k == 0 || (k == 1 && is_word(clause[0], DETERMINERS));
    let finite = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "is", "are", "was", "were", "be", "been", "has", "have", "had", "counts", "means",
                "given", "granted",
            ],
        ) || is_word(x, MODALS)
    });
    // "the confirmation of the visit": the thing it is of names the value; "confirmation by the
    // patient for every later booking" names no thing and claims a standing yes
    let of_a_thing = clause.get(k + 1).is_some_and(|x| is_word(x, &["of"]));
    let standing = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "every", "all", "each", "later", "future", "always", "standing",
            ],
        )
    });
    head && is_word(clause[k], NOUNS) && !finite && of_a_thing && !standing
}

/// A consent noun that names a thing by modifying the noun after it ("a confirmation email",
/// "the consent form"): no claim that anyone agreed.
pub(super) fn names_a_thing(clause: &[&Tok], t: &Tok) -> bool {
    const NOUNS: &[&str] = &["confirmation", "consent", "agreement", "approval"];
    let Some(k) = clause.iter().position(|x| std::ptr::eq(*x, t)) else {
        return false;
    };
    // a word that is also a verb is a noun here when the phrase ends after it and a determiner
    // opens it ("a confirmation email, and …"); "confirmation emails the clinic" stays a verb
    let ends_after = clause.get(k + 2).is_none_or(|y| {
        y.kind != Kind::Word || is_word(y, &["and", "or"]) || is_word(y, PREPOSITIONS)
    });
    let opened = k
        .checked_sub(1)
        .is_some_and(|p| is_word(clause[p], DETERMINERS));
    // a message by its channel ("a confirmation by SMS or email")
    let by_channel = opened
        && clause
            .get(k + 1)
            .is_some_and(|x| is_word(x, &["by", "via"]))
        && clause.get(k + 2).is_some_and(|x| {
            is_word(
                x,
                &[
                    "sms", "email", "mail", "text", "phone", "letter", "post", "message",
                ],
            )
        });
    is_word(t, NOUNS)
        && (by_channel
            || clause.get(k + 1).is_some_and(|x| {
                x.kind == Kind::Word
                    && (verb(&x.text).is_none() || (opened && ends_after))
                    && !is_word(x, DETERMINERS)
                    && !is_word(x, PREPOSITIONS)
                    && !is_word(x, MODALS)
                    && !is_word(x, CONSENT)
                    && !is_word(x, EQUIVALENCE)
                    && !is_word(
                        x,
                        &[
                            "is", "are", "was", "were", "be", "been", "and", "or", "not",
                            "already", "counts", "means",
                        ],
                    )
            }))
}

/// Safety advice, not a mode of care: a symptom sent to the emergency hotline ("For chest pain,
/// the emergency hotline is the next step"), with no other kind of care named.
fn emergency_route(clause: &[&Tok]) -> bool {
    clause
        .windows(2)
        .any(|w| is_word(w[0], &["emergency"]) && is_word(w[1], &["hotline"]))
        // a symptom, or an emergency besides the hotline's own name ("For an emergency, …")
        && (clause.iter().any(|t| medical(t))
            || clause.iter().filter(|t| is_word(t, &["emergency"])).count() > 1)
        && !clause.iter().any(|t| {
            is_word(
                t,
                &[
                    "video",
                    "consultation",
                    "consultations",
                    "default",
                    "instead",
                    "only",
                ],
            )
        })
}

/// "in any case" at `k` ("case") as letter case: set off after the name of a value the server
/// matches in any letter case, with nothing after it but the clause's end or an example ("Name
/// of one specialty, in any case, such as Cardiology"). A value or an act after it ("…, in any
/// case, Cardiology", "in any case book the earliest slot"), a name before it that is an order
/// ("Name the specialty, in any case"), or a value the server matches exactly is a use set for
/// every call.
fn letter_case(clause: &[&Tok], k: usize, tool: &str) -> bool {
    if k < 2 || !is_word_at(clause, k, &["case"]) || !is_word_at(clause, k - 1, &["any"]) {
        return false;
    }
    // after it: the end, or a mark and then the end, a mark or an example
    let after = match clause.get(k + 1) {
        None => true,
        Some(t) if t.kind == Kind::Comma => match (clause.get(k + 2), clause.get(k + 3)) {
            (None, _) => true,
            (Some(x), _) if x.kind == Kind::Comma => true,
            (Some(x), Some(y)) => opens_example(x, y),
            _ => false,
        },
        Some(_) => false,
    };
    // before it: the name, from the clause's start or a mark, with one mark before "in"
    let mut end = if k >= 3 && clause[k - 3].kind == Kind::Comma {
        k - 3
    } else {
        k - 2
    };
    // the match said of the name, and a mark before it: "Specialty to match, in any case",
    // "The specialty, matched in any case"
    if end >= 1 && is_word(clause[end - 1], &["matched", "compared"]) {
        end -= 1;
    } else if end >= 2 && is_word(clause[end - 1], &["match"]) && is_word(clause[end - 2], &["to"])
    {
        end -= 2;
    }
    if end >= 1 && clause[end - 1].kind == Kind::Comma {
        end -= 1;
    }
    let from = clause[..end]
        .iter()
        .rposition(|t| t.kind != Kind::Word && t.kind != Kind::Ident)
        .map_or(0, |c| c + 1);
    let named = &clause[from..end];
    // a noun phrase: no verb but "name" as its noun ("Name of one specialty", "specialty name")
    let noun_phrase = named.iter().enumerate().all(|(i, t)| {
        verb(&t.text).is_none()
            || is_word(t, &["name", "names"])
                && (i + 1 == named.len() || is_word_at(named, i + 1, &["of"]))
    });
    after && !named.is_empty() && noun_phrase && crate::facts::matched_in_any_case(tool, named)
}

/// Claims no text of ours makes, each a small reading of its own:
/// - a use prescribed for every call: "in each case", "in any case", "with each use of this
///   tool", "on every call";
/// - a value forced: "must be true", "always false";
/// - who the reader, the caller or every patient is: "Each caller is a doctor", "the person
///   who reads this list is …", "each patient here is over 18", "as a doctor";
/// - a choice that stands past this call: "for each later booking", "every future visit";
/// - a yes that covers more: "the confirmation … covers each move";
/// - a source dated: "from last year"; this source alone: "… and no other";
/// - a value named advice or a diagnosis for the patient;
/// - care played down: "no emergency" (not "no emergency line"), "chest pain is mild", "with no
///   visit".
pub(super) fn claims_more(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    const SCOPES: &[&str] = &["each", "every", "any", "all"];
    let mut found: Option<(usize, &str)> = None;
    for k in 0..clause.len() {
        let why = if w(k, &["case", "cases"])
            && k >= 2
            && w(k - 1, SCOPES)
            && w(k - 2, &["in"])
            && !letter_case(clause, k, tool)
        {
            "a use prescribed for every call"
        } else if w(k, &["same", "equal", "indifferent"])
            && w(k + 1, &["to", "for"])
            && clause[k + 2..].iter().take(2).any(|t| is_word(t, PEOPLE))
        {
            "a person's view claimed"
        } else if w(
            k,
            &[
                "usually",
                "often",
                "typically",
                "normally",
                "mostly",
                "rarely",
                "seldom",
                "generally",
                "frequently",
                "sometimes",
                "commonly",
                "occasionally",
            ],
        ) && !(k >= 1 && w(k - 1, &["how"]))
        {
            "how things usually go, which a text of the tool cannot know"
        } else if w(k, &["currently", "presently"])
            && !clause[..k]
                .iter()
                .any(|t| is_word(t, &["who", "that", "which", "when", "if", "whose"]))
        {
            "a live state, which a text of the tool cannot know"
        } else if w(k, PATIENT_SIDE)
            && k >= 1
            && (w(k - 1, &["most", "many", "few", "ten", "hundred"])
                || (k >= 2 && w(k - 1, &["of"]) && w(k - 2, &["most", "many", "majority"])))
            || (w(k, &["booked", "chosen", "picked", "popular", "requested"])
                && k >= 1
                && w(k - 1, &["most", "least", "more"]))
        {
            "what other patients do or are, said of them all"
        } else if w(k, &["optional", "equal", "unnecessary", "needless"])
            // said of care itself ("a visit is optional", "equal to a visit")
            && ((k >= 1 && w(k - 1, COPULAS))
                || clause[k + 1..].iter().take(3).any(|t| {
                    is_word(t, &["visit", "visits", "care", "doctor", "treatment"])
                }))
            && clause.iter().any(|t| {
                medical(t)
                    || is_word(
                        t,
                        &["visit", "visits", "care", "doctor", "ambulance", "emergency", "treatment"],
                    )
            })
        {
            "care played down"
        } else if w(k, &["default", "step"])
            && clause
                .iter()
                .any(|t| is_word(t, &["video", "consultation", "consultations", "hotline"]))
            && !emergency_route(clause)
        {
            "a mode of care set for the patient"
        } else if w(k, PATIENT_SIDE)
            && w(k + 1, &["is", "are"])
            && (w(
                k + 2,
                &[
                    "a",
                    "an",
                    "free",
                    "available",
                    "busy",
                    "away",
                    "adult",
                    "adults",
                ],
            ) || (w(k + 2, &["for"])
                && clause[k + 3..].iter().take(3).any(|t| {
                    is_word(
                        t,
                        &[
                            "hospital",
                            "hospitals",
                            "clinic",
                            "clinics",
                            "pharmacy",
                            "other",
                            "another",
                            "emergency",
                        ],
                    )
                })))
            && !clause[..k]
                .iter()
                .any(|t| is_word(t, &["when", "if", "unless", "once", "whether", "who"]))
        {
            "a claim about the patient, or the patient sent elsewhere"
        } else if w(k, &["successful", "complete", "done", "finished", "over"])
            && clause[k + 1..].iter().take(6).any(|t| {
                verb(&t.text).is_some_and(|(_, c, f)| c == VerbClass::Effect && f == Form::Ing)
            })
        {
            "a use defined by a change"
        } else if w(k, &["stop", "pause", "break", "wait"]) && k >= 1 && w(k - 1, &["no"]) {
            "haste"
        } else if w(k, &["stays", "remains", "kept"])
            && w(k + 1, &["with"])
            // (an appointment that stays with its doctor keeps its doctor: who it is with, not
            // who sees a value)
            && !(k >= 1 && w(k - 1, APPOINTMENT_NAMES))
            && clause[k + 2..]
                .iter()
                .take(2)
                .any(|t| is_word(t, PEOPLE) && !is_word(t, PATIENT_SIDE))
        {
            "a value kept to people who are not the patient"
        } else if w(k, &["records", "files", "archive"])
            && k >= 2
            && w(k - 1, &["the"])
            && w(k - 2, &["for"])
        {
            "a value kept to a use that leaves the patient out"
        } else if w(k, &["but"])
            && clause[..k]
                .iter()
                .any(|t| is_word(t, &["each", "every", "all", "any"]))
            && w(k + 1, DETERMINERS)
        {
            "a value left out of what a person gets"
        } else if w(k, &["remain", "remains", "left"])
            && clause[..k].iter().any(|t| {
                is_word(t, &["only", "few", "two", "three", "last"]) || t.kind == Kind::Ident
            })
        {
            "scarcity, which a text of the tool cannot know"
        } else if w(k, &["cached", "stale", "old"])
            && clause
                .iter()
                .any(|t| is_word(t, &["portal", "website", "site", "app", "other", "another"]))
        {
            "another source dated"
        } else if w(k, &["for"])
            && k >= 2
            && w(k - 1, COPULAS)
            && clause[..k].iter().any(|t| is_word(t, PATIENT_SIDE))
            && clause[k + 1..].iter().take(3).any(|t| {
                is_word(
                    t,
                    &[
                        "hospital",
                        "hospitals",
                        "pharmacy",
                        "other",
                        "another",
                        "emergency",
                    ],
                )
            })
        {
            "patients sent elsewhere"
        } else if w(k, COPULAS)
            && k >= 1
            && clause[..k]
                .iter()
                .any(|t| is_word(t, &["slot", "doctor", "appointment", "visit"]))
            && ((w(k + 1, &["the"]) && w(k + 2, &["first", "last", "only", "one"]))
                || (w(k + 1, &["this", "that"]) && w(k + 2, &["one"]))
                || (w(k + 1, &["the"]) && w(k + 2, PATIENT_SIDE)))
            && !clause[..k]
                .iter()
                .any(|t| is_word(t, &["when", "if", "whether", "unless"]))
            || (w(k, &["right", "best", "suitable", "fit"])
                && w(k + 1, &["for"])
                && clause[..k]
                    .iter()
                    .any(|t| is_word(t, &["any", "each", "every", "all"])))
        {
            "a pick claimed for the patient"
        } else if w(k, &["role", "roles"])
            && (k + 1..(k + 4).min(clause.len())).any(|j| w(j, COPULAS))
        {
            "a claim about who the caller is"
        } else if w(k, &["word"])
            && ((k >= 1 && w(k - 1, &["gave", "give", "gives", "given"]))
                || (k >= 2 && w(k - 1, &["the"]) && w(k - 2, &["on"])))
        {
            "a person's yes claimed"
        } else if w(k, &["own"])
            && k >= 1
            && w(k - 1, PATIENT_SIDE)
            && clause.get(k + 1).is_none_or(|t| t.kind != Kind::Word)
        {
            "a person's wish claimed"
        } else if w(k, &["behind", "ahead"])
            && k >= 1
            && w(
                k - 1,
                &[
                    "day", "days", "week", "weeks", "hour", "hours", "month", "months",
                ],
            )
            // another source, not this tool's own results ("Results can be up to one hour
            // behind" says how fresh they are)
            && clause.iter().any(|t| {
                is_word(
                    t,
                    &["other", "another", "others", "portal", "website", "site", "app", "calendar"],
                )
            })
        {
            "another source dated"
        } else if (w(k, &["yesterday"]) && k >= 1 && w(k - 1, &["from", "of", "since"]))
            || (w(k, &["minute", "date"])
                && k >= 3
                && w(k - 1, &["the"])
                && w(k - 2, &["to"])
                && w(k - 3, &["up"]))
        {
            "a source dated"
        } else if w(k, &["today", "tomorrow", "now"])
            && clause.get(k + 1).is_some_and(|t| is_word(t, COPULAS))
            && !(k >= 1 && w(k - 1, PREPOSITIONS))
        {
            "a claim about what day it is"
        } else if w(k, &["true"])
            && k >= 1
            && w(k + 1, &["for"])
            && clause[k + 2..].iter().take(2).any(|t| is_word(t, SCOPES))
        {
            "a verdict on what holds for everyone"
        } else if w(
            k,
            &["relevance", "use", "interest", "importance", "concern"],
        ) && k >= 1
            && w(k - 1, &["no", "little"])
            && w(k + 1, &["to", "for"])
        {
            "a value said to matter to no one it is for"
        } else if w(k, &["already"])
            // a condition names when, and claims nothing ("False only when staff already
            // notified the patient")
            && !clause[..k]
                .iter()
                .any(|t| is_word(t, &["when", "if", "unless", "once", "after"]))
            && clause.iter().any(|t| {
                is_word(
                    t,
                    &[
                        "notified", "told", "informed", "aware", "knows", "know", "seen", "shown",
                    ],
                )
            })
        {
            "a person said to know already"
        } else if w(k, &["successful", "effective", "better", "worse"])
            && clause.iter().any(|t| {
                is_word(
                    t,
                    &["fee", "fees", "price", "cost", "care", "results", "result"],
                )
            })
        {
            "a verdict on outcome"
        } else if w(k, &["due"])
            && clause[k + 1..]
                .iter()
                .any(|t| is_word(t, &["today", "now", "tonight"]))
        {
            "haste"
        } else if w(k, &["succeeds", "works"])
            && clause.iter().any(|t| is_word(t, &["same"]))
            && clause
                .iter()
                .any(|t| is_word(t, &["request", "call", "requests", "calls"]))
        {
            "a repeat prescribed"
        } else if (w(k, &["nothing", "enough"])
            && !no_change_said(clause, k)
            && clause
                .iter()
                .any(|t| medical(t) || is_word(t, &["protocol", "patients", "patient"])))
            || (w(k, &["visit", "doctor", "doctors"])
                && k >= 3
                && clause[k.saturating_sub(4)..k]
                    .iter()
                    .any(|t| is_word(t, &["place", "instead"])))
        {
            "care played down"
        } else if w(k, &["use", "call", "calls", "search", "request"])
            && k >= 2
            && w(k - 1, &["each", "every"])
            && w(k - 2, &["with", "on", "at", "after"])
        {
            "something done on every call"
        } else if w(k, &["true", "false", "yes"])
            && ((k >= 2 && w(k - 1, &["be"]) && w(k - 2, &["must", "should"]))
                || (k >= 1 && w(k - 1, &["always"])))
            && !w(k + 1, &["when", "if", "unless", "for", "while", "until"])
        {
            "a value forced"
        } else if w(k, PATIENT_SIDE)
            && (k >= 1 && w(k - 1, SCOPES))
            && (k + 1..(k + 4).min(clause.len())).any(|j| w(j, COPULAS))
        {
            "a claim about who every patient or caller is"
        } else if w(k, &["who"])
            && w(k + 1, &["reads", "calls", "uses", "sees"])
            && (k + 2..clause.len()).any(|j| w(j, COPULAS))
        {
            "a claim about who the reader is"
        } else if w(k, PEOPLE)
            && k >= 2
            && w(k - 1, &["a", "an"])
            && w(k - 2, &["as"])
            // ("any other caller, such as a doctor of another clinic": an example of the callers)
            && !(k >= 3 && w(k - 3, &["such"]))
        {
            "a role claimed for the reader"
        } else if w(k, &["later", "future", "subsequent"]) && k >= 1 && w(k - 1, SCOPES) {
            "a choice that stands past this call"
        } else if w(k, &["covers", "cover", "applies", "extends", "counts"])
            && clause.iter().any(|t| is_word(t, CONSENT))
        {
            "a yes said to cover more than its one change"
        } else if w(k, &["year", "month", "week"])
            && k >= 1
            && w(k - 1, &["last"])
            && !(k >= 2 && w(k - 2, DETERMINERS))
        {
            "another source dated"
        } else if w(k, &["other"]) && k >= 1 && w(k - 1, &["no"]) && k + 1 == clause.len() {
            "this source alone"
        } else if w(
            k,
            &[
                "advice",
                "diagnosis",
                "diagnoses",
                "prescription",
                "treatment",
            ],
        ) && w(k + 1, &["for", "to"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|t| is_word(t, PATIENT_SIDE))
        {
            "a value named advice or a diagnosis for the patient"
        } else if (w(k, &["emergency", "emergencies", "visit"])
            && k >= 1
            && w(k - 1, &["no", "not"])
            && clause
                .get(k + 1)
                .is_none_or(|t| t.kind != Kind::Word || is_word(t, PREPOSITIONS)))
            || (w(
                k,
                &["mild", "minor", "harmless", "routine", "normal", "safe"],
            ) && clause
                .iter()
                .any(|t| medical(t))
                && clause[..k]
                    .iter()
                    .any(|t| is_word(t, COPULAS) || t.kind == Kind::Comma)
                && !clause.iter().any(|t| is_word(t, &["or"]))
                // a triage scale's bands ("urgent for 8 to 10, … and routine for 0 to 4"), or
                // its grades listed ("one of routine, elevated and urgent")
                && !(clause.iter().any(|t| is_word(t, &["urgent", "elevated"]))
                    && clause.iter().any(|t| t.kind == Kind::Ident))
                && !grades_listed(clause, k))
        {
            "care played down"
        } else {
            continue;
        };
        found = Some((k, why));
        break;
    }
    if let Some((k, why)) = found {
        let t = clause[k];
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\": {why}; a text says what the tool does, takes and returns",
                t.text
            ),
        );
    }
}

/// A person's wish claimed for what the tool does ("each move is at the request of the patient",
/// "the patient's request for it"), and a review claimed for the tool or its text ("the clinic
/// staff reviewed this tool"): only the human's own answer, in the conversation, says either.
pub(super) fn claimed_wish(clause: &[&Tok], out: &mut Vec<Violation>) {
    const WISH: &[&str] = &["request", "requests", "wish", "wishes"];
    const REVIEWED: &[&str] = &[
        "reviewed",
        "checked",
        "verified",
        "tested",
        "audited",
        "validated",
        "certified",
    ];
    for (k, t) in clause.iter().enumerate() {
        // ("for each request", "on every request": requests counted, the API's, when no person
        // follows)
        let counted = k > 0 && is_word(clause[k - 1], &["each", "every", "per"]);
        let wish = is_word(t, WISH)
            && (clause[k + 1..].iter().take(3).any(|x| is_word(x, PEOPLE))
                || (!counted && clause[..k].iter().rev().take(3).any(|x| is_word(x, PEOPLE)))
                || (k > 0
                    && is_word(clause[k - 1], &["the"])
                    && k > 1
                    && is_word(clause[k - 2], &["at"])));
        // ("the reason and the checks already done": what a note lists, a noun with its
        // participle and nothing after)
        let listed_checks = is_word(t, &["checks", "reviews"])
            && k > 0
            && is_word(clause[k - 1], &["the", "any"])
            && {
                let rest: Vec<&&Tok> = clause[k + 1..]
                    .iter()
                    .skip_while(|x| is_word(x, &["already"]))
                    .collect();
                rest.first().is_some_and(|x| is_word(x, &["done", "made"]))
                    && rest
                        .get(1)
                        .is_none_or(|x| x.kind == Kind::Comma || is_word(x, &["and"]))
            };
        let reviewed = (is_word(t, REVIEWED) || is_word(t, &["checks", "reviews", "verifies"]))
            && !listed_checks
            && clause.iter().any(|x| {
                is_word(x, &["tool", "tools", "text", "description", "this"])
                    || is_word(x, PEOPLE)
                    || is_word(x, BODIES)
            });
        if wish || reviewed {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" claims a person's wish or a review for the tool; a text says what the tool does",
                    t.text
                ),
            );
            return;
        }
    }
}

/// Verbs of a person's will: wishing, choosing, deciding, asking and ordering.
const WILLED: &[&str] = &[
    "prefer",
    "prefers",
    "preferred",
    "wish",
    "wishes",
    "wished",
    "want",
    "wants",
    "wanted",
    "desire",
    "desires",
    "desired",
    "likes",
    "liked",
    "choose",
    "chooses",
    "chose",
    "chosen",
    "select",
    "selects",
    "selected",
    "pick",
    "picks",
    "picked",
    "opt",
    "opts",
    "opted",
    "decide",
    "decides",
    "decided",
    "order",
    "orders",
    "ordered",
    "instruct",
    "instructs",
    "instructed",
    "direct",
    "directs",
    "directed",
    "command",
    "commands",
    "commanded",
    "mandate",
    "mandated",
    "require",
    "requires",
    "required",
    "ask",
    "asks",
    "asked",
    "request",
    "requests",
    "requested",
    "demand",
    "demands",
    "demanded",
    "insist",
    "insists",
    "insisted",
    "tell",
    "tells",
    "told",
    "arrange",
    "arranges",
    "arranged",
    "plan",
    "plans",
    "planned",
    "intend",
    "intends",
    "intended",
    "recommend",
    "recommends",
    "recommended",
    "advise",
    "advises",
    "advised",
    "suggest",
    "suggests",
    "suggested",
    "propose",
    "proposes",
    "proposed",
    "authorise",
    "authorised",
    "authorize",
    "authorized",
    "approve",
    "approves",
    "approved",
    "agree",
    "agrees",
    "agreed",
    "allow",
    "allows",
    "allowed",
    "permit",
    "permits",
    "permitted",
    "prescribe",
    "prescribes",
    "prescribed",
    "settle",
    "settled",
];

/// Verbs of a person's statement: specifying, saying, naming, marking.
const STATED: &[&str] = &[
    "specify",
    "specifies",
    "specified",
    "state",
    "states",
    "stated",
    "say",
    "says",
    "said",
    "indicate",
    "indicates",
    "indicated",
    "declare",
    "declares",
    "declared",
    "mention",
    "mentions",
    "mentioned",
    "note",
    "notes",
    "noted",
    "report",
    "reports",
    "reported",
    "describe",
    "describes",
    "described",
    "explain",
    "explains",
    "explained",
    "express",
    "expresses",
    "expressed",
    "define",
    "defines",
    "defined",
    "designate",
    "designates",
    "designated",
    "name",
    "names",
    "named",
    "mark",
    "marks",
    "marked",
    "flag",
    "flags",
    "flagged",
    "tag",
    "tags",
    "tagged",
    "label",
    "labels",
    "labelled",
    "labeled",
    "set",
];

/// Verbs of a person's judgement: assessing, measuring, rating, finding.
const JUDGED: &[&str] = &[
    "assess",
    "assesses",
    "assessed",
    "measure",
    "measures",
    "measured",
    "judge",
    "judges",
    "judged",
    "rate",
    "rates",
    "rated",
    "estimate",
    "estimates",
    "estimated",
    "evaluate",
    "evaluates",
    "evaluated",
    "score",
    "scores",
    "scored",
    "grade",
    "grades",
    "graded",
    "gauge",
    "gauges",
    "gauged",
    "deem",
    "deems",
    "deemed",
    "consider",
    "considers",
    "considered",
    "find",
    "finds",
    "found",
    "determine",
    "determines",
    "determined",
    "diagnose",
    "diagnoses",
    "diagnosed",
    "examine",
    "examines",
    "examined",
    "observe",
    "observes",
    "observed",
    "sees",
    "saw",
    "feel",
    "feels",
    "felt",
    "think",
    "thinks",
    "thought",
    "believe",
    "believes",
    "believed",
    "classify",
    "classifies",
    "classified",
    "triaged",
    "weigh",
    "weighs",
    "weighed",
    "calculate",
    "calculates",
    "calculated",
    "compute",
    "computes",
    "computed",
    "check",
    "checks",
    "checked",
    "verify",
    "verifies",
    "verified",
    "review",
    "reviews",
    "reviewed",
];

/// Nouns of a person's will or statement ("the patient's preference", "on the doctor's
/// orders", "at the reception's discretion").
const WILL_NOUNS: &[&str] = &[
    "preference",
    "preferences",
    "wish",
    "wishes",
    "choice",
    "choices",
    "decision",
    "decisions",
    "instruction",
    "instructions",
    "order",
    "orders",
    "direction",
    "directions",
    "demand",
    "demands",
    "selection",
    "selections",
    "request",
    "requests",
    "say",
    "advice",
    "recommendation",
    "recommendations",
    "discretion",
    "behest",
    "bidding",
    "command",
    "commands",
    "directive",
    "directives",
    "mandate",
    "intention",
    "intentions",
    "intent",
    "guidance",
    "suggestion",
    "suggestions",
    "approval",
    "authorisation",
    "authorization",
    "permission",
    "consent",
    "agreement",
    "requirement",
    "requirements",
    "rule",
    "rules",
    "policy",
];

/// Nouns of a person's judgement or statement ("the doctor's assessment", "per the doctor's
/// rating", "the patient's statement").
const JUDGE_NOUNS: &[&str] = &[
    "assessment",
    "assessments",
    "judgement",
    "judgment",
    "judgements",
    "judgments",
    "measurement",
    "measurements",
    "estimate",
    "estimates",
    "estimation",
    "evaluation",
    "evaluations",
    "rating",
    "ratings",
    "opinion",
    "opinions",
    "view",
    "views",
    "diagnosis",
    "determination",
    "verdict",
    "finding",
    "findings",
    "score",
    "scoring",
    "grading",
    "reckoning",
    "impression",
    "appraisal",
    "review",
    "statement",
    "statements",
    "word",
    "specification",
    "specifications",
];

/// Who can wish, decide or judge besides [`PEOPLE`]: a body of the clinic and its offices.
const DECIDERS: &[&str] = &[
    "owners",
    "clinic",
    "clinics",
    "practice",
    "hospital",
    "reception",
    "receptionist",
    "receptionists",
    "desk",
    "office",
    "secretary",
    "secretaries",
    "admin",
    "admins",
    "administrator",
    "administrators",
    "administration",
    "manager",
    "managers",
    "management",
    "team",
    "teams",
    "oncall",
    "insurer",
    "insurers",
    "family",
    "relative",
    "relatives",
    "carer",
    "carers",
    "caregiver",
    "caregivers",
    "spouse",
    "partner",
    "employer",
    "specialist",
    "specialists",
    "surgeon",
    "surgeons",
    "gp",
    "gps",
    "colleague",
    "colleagues",
    "supervisor",
    "supervisors",
    "department",
    "board",
    "director",
    "directors",
    "operator",
    "operators",
    "dispatcher",
    "someone",
    "somebody",
    "anyone",
    "anybody",
    "everyone",
    "nobody",
    "consultant",
    "consultants",
    "therapist",
    "therapists",
    "dentist",
    "dentists",
    "pharmacist",
    "pharmacists",
    "paramedic",
    "paramedics",
    "midwife",
    "resident",
    "residents",
    "registrar",
    "attendant",
    "coordinator",
    "coordinators",
    "planner",
    "scheduler",
    "schedulers",
    "child",
    "children",
    "mother",
    "father",
    "wife",
    "husband",
    "son",
    "daughter",
    "sister",
    "brother",
    "friend",
    "friends",
    "neighbour",
    "neighbor",
    "boss",
    "assistant",
    "assistants",
    "lead",
    "head",
];

/// Words between a person and the verb of the wish ("as the patient has already specified",
/// "as the doctor would prefer", "as the reception first asked").
const BETWEEN_PERSON_AND_VERB: &[&str] = &[
    "has",
    "have",
    "had",
    "was",
    "were",
    "is",
    "are",
    "did",
    "does",
    "do",
    "would",
    "will",
    "may",
    "might",
    "could",
    "should",
    "can",
    "must",
    "already",
    "earlier",
    "first",
    "once",
    "originally",
    "explicitly",
    "expressly",
    "also",
    "previously",
    "just",
    "then",
    "last",
    "before",
    "himself",
    "herself",
    "themselves",
    "itself",
    "clearly",
    "personally",
    "kindly",
    "formally",
    "initially",
    "specifically",
    "directly",
    "verbally",
    "repeatedly",
    "always",
    "recently",
    "today",
    "yesterday",
    "been",
    "being",
    "so",
];

/// Words that open the ground of an act or the source of a value ("as", "per", "following",
/// "according to", "on", "at", "by", "the way", "because"), before a person and their wish.
const GROUNDS: &[&str] = &[
    "as",
    "per",
    "following",
    "according",
    "accordance",
    "pursuant",
    "line",
    "keeping",
    "at",
    "on",
    "upon",
    "by",
    "under",
    "after",
    "because",
    "since",
    "way",
    "how",
    "like",
    "after",
    "behalf",
    "obeying",
    "honouring",
    "honoring",
    "respecting",
    "reflecting",
];

/// The values each writer or judge of this server's data gives: the owner patient the intake's
/// symptoms, their days and their severity; the appointment's doctor a rejection's reason and an
/// escalation's note; the clinic the triage level, from the severity.
/// The value is named before the phrase that gives its writer (`said`): "Severity, as the patient
/// rated it", not "as the doctor specified in a note".
fn own_value(person: &[&Tok], k: usize, said: &[&Tok]) -> bool {
    // (a grade in backquotes, "`urgent`", is the word)
    let has = |list: &[&str]| {
        said.iter().any(|t| {
            is_word(t, list) || (t.kind == Kind::Ident && list.contains(&t.text.trim_matches('`')))
        })
    };
    let t = person[k];
    // ("the oncall doctor", "another patient": not the writer of this one's value)
    let other = person[..k].iter().rev().take(3).any(|x| {
        is_word(
            x,
            &["oncall", "other", "another", "second", "different", "new"],
        )
    });
    if other {
        return false;
    }
    if is_word(t, &["patient", "owner"]) {
        has(&[
            "symptoms",
            "symptom",
            "severity",
            "severe",
            "days",
            "duration",
            "durationdays",
            "pain",
            "intake",
            "words",
            "complaint",
            "complaints",
        ])
    } else if is_word(t, &["doctor", "physician", "clinician", "practitioner"]) {
        has(&["reason", "note", "rejection", "priority"])
            && !has(&["severity", "symptoms", "triage"])
    } else if is_word(t, &["clinic"]) {
        has(&["triage", "routine", "elevated", "urgent"])
    } else if is_word(t, &["caller", "client", "user"]) {
        // the caller makes each idempotency key
        has(&["key", "idempotency"])
    } else {
        false
    }
}

/// A person's wish, choice, instruction or judgement reported as the ground of an act or the
/// source of a value ("Cancel one of the patient's appointments, as the patient specified in a
/// call to the reception", "as the doctor preferred at the start of the shift", "per the
/// reception's instructions", "as decided by the clinic", "Severity, 0 to 10, as the doctor
/// assessed it"): a yes or an order nobody gave in this conversation, or a false author. A value
/// said of its own writer or judge passes ("Severity, as the patient rated it", "Reason for the
/// rejection, as the doctor stated it", "Triage level, as the clinic determined it from the
/// severity"), as do a tool's or the API's own word ("as returned by find_available_slots", "as
/// the API gives it") and a writing verb, which [`crate::facts`] reads ("as the patient typed
/// it").
///
/// In a value's description (`of_a_value`), a later sentence that says the value's judge names
/// the value its first sentence (`opening`) names ("Severity, 0 to 10. The nurse rated it.").
pub(super) fn reported_will(
    clause: &[&Tok],
    opening: &[&Tok],
    of_a_value: bool,
    out: &mut Vec<Violation>,
) {
    let verb = |t: &Tok| is_word(t, WILLED) || is_word(t, STATED) || is_word(t, JUDGED);
    let will = |t: &Tok| is_word(t, WILLED) || is_word(t, WILL_NOUNS);
    let noun = |t: &Tok| is_word(t, WILL_NOUNS) || is_word(t, JUDGE_NOUNS);
    let person = |t: &Tok| is_word(t, PEOPLE) || is_word(t, DECIDERS);
    // a person is the head of the phrase: no noun follows it ("the clinic API", "the doctor
    // id", "the patient list")
    let head = |k: usize| {
        clause.get(k + 1).is_none_or(|n| {
            n.kind != Kind::Word
                || is_word(n, PREPOSITIONS)
                || is_word(
                    n,
                    &["and", "or", "but", "so", "then", "that", "who", "when"],
                )
                || is_word(n, BETWEEN_PERSON_AND_VERB)
                || verb(n)
        })
    };
    // the person a phrase from `from` names, within a few words of it and before any verb or
    // mark ("the oncall doctor", "the patient's guardian", "what the reception")
    let person_from = |from: usize| -> Option<usize> {
        let mut found = None;
        for j in from..clause.len().min(from + 5) {
            let t = clause[j];
            if t.kind != Kind::Word || (j > from && is_word(t, PREPOSITIONS)) || verb(t) || noun(t)
            {
                break;
            }
            if person(t) {
                found = Some(j);
                // ("the patient's guardian", "the clinic's reception": the last person)
                if t.possessive || clause.get(j + 1).is_some_and(|n| person(n)) {
                    continue;
                }
                break;
            }
        }
        found
    };
    // (where, person, willed); the phrase opens at `g`
    let mut hit: Option<(usize, usize, bool)> = None;
    let mut opens_at = 0;
    for g in 0..clause.len() {
        if !is_word(clause[g], GROUNDS) {
            continue;
        }
        opens_at = g;
        // (after "after" or "since", a time: "after a later assessment by the doctor"; only a
        // wish is a ground there, "after the patient's request")
        let temporal = is_word(clause[g], &["after", "since"]);
        // (after "according to", "in line with", "on behalf of")
        let mut from = g + 1;
        while is_word_at(clause, from, &["to", "with", "of", "per"]) {
            from += 1;
        }
        // ("one intake per patient", "per doctor": a count, not a source)
        let counted = is_word(clause[g], &["per"]) && clause.get(from).is_some_and(|t| person(t));
        // "as the patient specified", "as the doctor's wish", "per the reception"
        if let Some(p) = person_from(from) {
            let t = clause[p];
            if t.possessive {
                // "per the doctor's instructions", "on the patient's own earlier request"
                if let Some(n) = (p + 1..clause.len().min(p + 4))
                    .take_while(|&j| clause[j].kind == Kind::Word)
                    .find(|&j| noun(clause[j]))
                {
                    let willed = will(clause[n]);
                    if willed || !temporal {
                        hit = Some((n, p, willed));
                        break;
                    }
                }
                // "as the patient's wife preferred", "as the doctor's assistant specified": a
                // person of the person's, and their verb
                let v = (p + 2..clause.len())
                    .take_while(|&j| is_word(clause[j], BETWEEN_PERSON_AND_VERB))
                    .last()
                    .map_or(p + 2, |j| j + 1);
                if clause
                    .get(p + 1)
                    .is_some_and(|x| x.kind == Kind::Word && !verb(x))
                    && clause.get(v).is_some_and(|x| verb(x))
                {
                    let willed = will(clause[v]);
                    if willed || !temporal {
                        hit = Some((v, p, willed));
                        break;
                    }
                }
            } else {
                let v = (p + 1..clause.len())
                    .take_while(|&j| is_word(clause[j], BETWEEN_PERSON_AND_VERB))
                    .last()
                    .map_or(p + 1, |j| j + 1);
                // (after "after" or "since", a past act: "after the patient asked"; "only
                // after the patient agrees" is a condition on the call)
                let past = clause.get(v).is_some_and(|x| {
                    x.text.ends_with("ed")
                        || is_word(x, &["chose", "said", "told", "thought", "felt"])
                });
                if clause.get(v).is_some_and(|x| verb(x)) && !counted && (past || !temporal) {
                    let willed = will(clause[v]);
                    if willed || !temporal {
                        hit = Some((v, p, willed));
                        break;
                    }
                }
                // "per patient request", "on doctor orders": a noun of the wish after its person
                if clause.get(p + 1).is_some_and(|x| noun(x)) {
                    let willed = will(clause[p + 1]);
                    if willed || !temporal {
                        hit = Some((p + 1, p, willed));
                        break;
                    }
                }
                // "per the patient", "according to the doctor": the person as the source
                if is_word(clause[g], &["per", "according", "accordance"]) && !counted && head(p) {
                    hit = Some((p, p, false));
                    break;
                }
            }
        }
        if temporal {
            continue;
        }
        // "at the request of the reception", "per the decision of the clinic", "as the
        // preference of the patient"
        if let Some(n) = (from..clause.len().min(from + 4))
            .take_while(|&j| clause[j].kind == Kind::Word && !is_word(clause[j], PREPOSITIONS))
            .find(|&j| noun(clause[j]))
            && is_word_at(clause, n + 1, &["of", "from", "by"])
            && let Some(p) = person_from(n + 2)
            && head(p)
        {
            hit = Some((n, p, will(clause[n])));
            break;
        }
        // "as specified by the patient", "as was decided by the clinic", "as assessed by the
        // oncall doctor"
        if is_word(clause[g], &["as", "per", "following", "like", "how"]) {
            let v = (g + 1..clause.len())
                .take_while(|&j| is_word(clause[j], BETWEEN_PERSON_AND_VERB))
                .last()
                .map_or(g + 1, |j| j + 1);
            if clause.get(v).is_some_and(|x| verb(x))
                && is_word_at(clause, v + 1, &["by", "from"])
                && let Some(p) = person_from(v + 2)
                && head(p)
            {
                hit = Some((v, p, will(clause[v])));
                break;
            }
        }
    }
    // a judgement or a choice set by a comma or a noun before its participle ("Severity,
    // assessed by the doctor", "the level judged by the nurse"), or named with its judge
    // ("Severity, the doctor's assessment")
    if hit.is_none() {
        for v in 1..clause.len() {
            let t = clause[v];
            let before = clause[v - 1];
            // (not a copula's or a condition's: "is decided by the doctor", "until approved by
            // the doctor")
            let set_off = before.kind == Kind::Comma
                || (before.kind == Kind::Word
                    && !is_word(before, COPULAS)
                    && !is_word(before, BETWEEN_PERSON_AND_VERB)
                    && !is_word(before, PREPOSITIONS)
                    && !is_word(
                        before,
                        &[
                            "get", "gets", "got", "not", "and", "or", "when", "once", "if",
                            "unless", "whether", "while", "where", "than", "until", "till",
                        ],
                    ));
            let participle = t.text.ends_with("ed")
                || is_word(
                    t,
                    &["chosen", "told", "said", "found", "thought", "felt", "set"],
                );
            if (is_word(t, WILLED) || is_word(t, JUDGED) || is_word(t, STATED))
                && participle
                && set_off
                && is_word_at(clause, v + 1, &["by"])
                && let Some(p) = person_from(v + 2)
                && head(p)
            {
                hit = Some((v, p, is_word(t, WILLED)));
                opens_at = v;
                break;
            }
            if is_word(t, JUDGE_NOUNS)
                && let Some(p) = (v.saturating_sub(3)..v).rev().find(|&j| person(clause[j]))
                && clause[p].possessive
            {
                // ("the patient's own score of severity": the value named with it)
                hit = Some((v, p, false));
                opens_at = clause.len();
                break;
            }
        }
    }
    // "the nurse rated it", "the doctor has assessed them": a judge or a speaker of the value
    if hit.is_none() && of_a_value {
        for p in 0..clause.len() {
            if !person(clause[p]) || clause[p].possessive || !head(p) {
                continue;
            }
            let v = (p + 1..clause.len())
                .take_while(|&j| is_word(clause[j], BETWEEN_PERSON_AND_VERB))
                .last()
                .map_or(p + 1, |j| j + 1);
            // (a past judgement: "rated", "assessed"; not "the patient sees it", which says
            // who sees the value)
            let past = |x: &Tok| {
                x.text.ends_with("ed")
                    || is_word(
                        x,
                        &["chose", "said", "told", "thought", "felt", "found", "set"],
                    )
            };
            if clause.get(v).is_some_and(|x| {
                (is_word(x, JUDGED) || is_word(x, STATED) || is_word(x, WILLED)) && past(x)
            }) && is_word_at(clause, v + 1, &["it", "them", "this", "these"])
            {
                hit = Some((v, p, false));
                opens_at = p;
                break;
            }
        }
    }
    let Some((at, p, willed)) = hit else { return };
    let said: Vec<&Tok> = opening.iter().chain(&clause[..opens_at]).copied().collect();
    if !willed && own_value(clause, p, &said) {
        return;
    }
    let t = clause[at];
    push(
        out,
        Rule::Directive,
        t,
        format!(
            "\"{}\": a person's wish, choice, instruction or judgement given as the ground of an act or the source of a value; only the human's own answer in the conversation says a wish, and each value has its own writer (the patient the symptoms, days and severity, the doctor a rejection's reason and an escalation's note, the clinic the triage level)",
            t.text
        ),
    );
}

/// A result dated to an earlier moment than the call ("as of this morning", "as they were at the
/// start of the day", "the slot was open an hour ago"): every read of this server asks the clinic
/// API at the call, so an answer is as of the call. Dated to the call itself ("as of the
/// request", "as of the search") passes.
pub(super) fn dated_result(clause: &[&Tok], out: &mut Vec<Violation>) {
    const AT_THE_CALL: &[&str] = &[
        "call", "calls", "search", "request", "requests", "now", "answer", "reading",
    ];
    // the phrase after k, to the next mark: where the result is dated
    let phrase = |k: usize| {
        clause[k..]
            .iter()
            .take_while(|t| t.kind == Kind::Word || t.kind == Kind::Ident)
            .copied()
            .collect::<Vec<&Tok>>()
    };
    let dated_to = |k: usize| {
        let p = phrase(k);
        // (a time before the request: a date alone, "as of 2026-12-01", is a value a parameter
        // may take, and "as of its start" is the thing's own time)
        p.iter().any(|t| is_word(t, EARLIER_TIMES)) && !p.iter().any(|t| is_word(t, AT_THE_CALL))
    };
    for k in 0..clause.len() {
        // "as of …"
        let as_of = is_word(clause[k], &["as"])
            && clause.get(k + 1).is_some_and(|n| is_word(n, &["of"]))
            && dated_to(k + 2);
        // "as it was at …", "as they were on …"
        let as_it_was = is_word(clause[k], &["as"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["it", "they", "that", "these", "those"]))
            && clause
                .get(k + 2)
                .is_some_and(|n| is_word(n, &["was", "were"]))
            && clause
                .get(k + 3)
                .is_some_and(|n| is_word(n, &["at", "on", "in", "before", "after", "by"]))
            // ("as it was before the move": before the act itself)
            && (dated_to(k + 4) || is_word(clause[k + 3], &["before"]));
        // "was open an hour ago": a state of the answer put at an earlier time
        // ("a slot that was open a minute ago may be taken by now" is the race, not a date)
        let was_ago = is_word(clause[k], &["ago"])
            && clause[..k].iter().any(|t| is_word(t, &["was", "were"]))
            && !clause
                .iter()
                .any(|t| is_word(t, &["may", "might", "can", "could"]))
            && clause[..k].iter().any(|t| is_word(t, STATES_OF_A_RESULT));
        if as_of || as_it_was || was_ago {
            push(
                out,
                Rule::Directive,
                clause[k],
                "a result dated before the call: this server asks the clinic API at each call, so what a tool returns is as of the request".to_owned(),
            );
            return;
        }
    }
}

/// A result of a tool of this server (or of the server's own text) said to be read at another
/// time than the call or on a period: see [`read_at_another_time`]. A tool this server does not
/// serve is judged against the contract, which says nothing of when its answers are read.
pub(super) fn read_snapshot(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if !tool.is_empty() && crate::served::role_of(tool).is_none() {
        return;
    }
    if let Some(t) = read_at_another_time(clause) {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\": a result said to be read at another time than the call or on a period; this server asks the clinic API at each call, so what a tool returns is as of the request",
                t.text
            ),
        );
    }
}

/// A read said to happen at another time than the call ("as read at the start of the day", "as
/// counted once an hour", "the statuses are refreshed every night", "as read before the
/// rejection"): the word of the read, if any. Every served tool asks the clinic API at the call;
/// the only cache is of time zones, so a zone said read before the read word is held to the
/// cache's age instead ([`zone_age_misstated`]), and a zone named after it ("a date is read at
/// midnight in the clinic's zone") says where, not when. Read at the call ("as read at each
/// call", "as counted at the request") passes, and so do a source ("as read from the clinic
/// API", "as returned by list_doctors"), a place ("as counted on this page") and a window ("as
/// counted in the next 7 days").
fn read_at_another_time<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let zone = |t: &&Tok| is_word(t, &["zone", "zones", "timezone"]);
    if let Some(z) = clause.iter().position(zone) {
        // (or an age: "as read 1 hour ago")
        let aged = (z + 1..clause.len()).find(|&k| {
            is_word(clause[k], READS) && clause[k + 1..].iter().any(|t| is_word(t, &["ago"]))
        });
        let at = match read_on_a_time(clause) {
            Some(read) => clause.iter().position(|t| std::ptr::eq(*t, read))?,
            None => aged?,
        };
        return (z < at && zone_age_misstated(&clause[at + 1..])).then_some(clause[at]);
    }
    read_on_a_time(clause)
}

/// How long the server keeps a clinic's time zone (`clinic-mcp/src/directory.rs`,
/// `ZONES_FRESH_FOR`): a zone in an answer was read at most this many seconds before.
const ZONE_CACHE_SECONDS: u64 = 300;

/// Whether the period or age said after a zone's read ("once an hour", "every 10 minutes", "at
/// midnight", "at most 5 minutes ago") is other than the cache's 5 minutes.
fn zone_age_misstated(after: &[&Tok]) -> bool {
    let Some(u) = after.iter().position(|t| is_word(t, PERIOD_UNITS)) else {
        return true;
    };
    let unit: u64 = match after[u].text.trim_end_matches('s') {
        "second" => 1,
        "minute" => 60,
        "hour" => 3600,
        "week" => 7 * 86400,
        "month" => 30 * 86400,
        "year" => 365 * 86400,
        _ => 86400,
    };
    let n = u
        .checked_sub(1)
        .and_then(|j| after[j].text.parse::<u64>().ok())
        .unwrap_or(1);
    n * unit != ZONE_CACHE_SECONDS
}

/// A read said at another time than the call or on a period: the word of the read, if any.
fn read_on_a_time<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let passive = |k: usize| {
        k > 0 && (is_word(clause[k - 1], COPULAS) || is_word(clause[k - 1], &["been", "being"]))
    };
    for k in 0..clause.len() {
        if !is_word(clause[k], READS) {
            continue;
        }
        let as_read = k > 0 && is_word(clause[k - 1], &["as"]);
        // a period anywhere after the read ("refreshed every night", "read once an hour")
        // (not "taken": a slot taken once a day is the booking, not a read)
        if (!is_word(clause[k], &["taken"]) || as_read)
            && (k + 1..clause.len()).any(|i| period(clause, i))
        {
            return Some(clause[k]);
        }
        // a time after it ("as read at midnight", "the slots are read at the start of the day");
        // "updated" and "taken" said of a thing, not as a read, are the thing's own events
        let timed = as_read || (passive(k) && !is_word(clause[k], &["taken", "updated"]));
        if timed && dated_read(clause, k + 1) && !date_at_its_midnight(clause, k) {
            return Some(clause[k]);
        }
    }
    None
}

/// Words of a read or copy of the clinic's data, as a participle ("as read", "is refreshed").
const READS: &[&str] = &[
    "read",
    "reread",
    "counted",
    "recounted",
    "taken",
    "updated",
    "refreshed",
    "reloaded",
    "loaded",
    "fetched",
    "copied",
    "synced",
    "synchronised",
    "synchronized",
    "gathered",
    "collected",
    "cached",
    "polled",
    "pulled",
    "retrieved",
    "sampled",
    "mirrored",
    "computed",
    "calculated",
    "snapshotted",
    "exported",
    "imported",
];

/// Units of a period or of a time of day ("once a day", "every night", "at midnight").
const PERIOD_UNITS: &[&str] = &[
    "second",
    "seconds",
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "night",
    "nights",
    "morning",
    "mornings",
    "evening",
    "evenings",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "midnight",
    "noon",
    "today",
    "tonight",
    "yesterday",
    "weekend",
];

/// Whether a period opens at `i`: "once/twice/N times a/an/per/each/every <unit>", "every/each
/// [N|other] <unit>" (not "for each day", "of every week": a grouping), or "hourly", "daily" ….
fn period(clause: &[&Tok], i: usize) -> bool {
    let unit_at = |j: usize| is_word_at(clause, j, PERIOD_UNITS);
    let t = clause[i];
    if is_word(
        t,
        &["hourly", "daily", "nightly", "weekly", "monthly", "yearly"],
    ) {
        return true;
    }
    if is_word(t, &["once", "twice"]) || is_word_at(clause, i + 1, &["times"]) {
        let j = if is_word(t, &["once", "twice"]) {
            i + 1
        } else {
            i + 2
        };
        return is_word_at(clause, j, &["a", "an", "per", "each", "every"])
            && (unit_at(j + 1)
                || clause.get(j + 1).is_some_and(|n| n.kind == Kind::Ident) && unit_at(j + 2));
    }
    if is_word(t, &["every", "each"])
        && !(i > 0 && is_word(clause[i - 1], &["for", "of", "per", "by", "in", "on"]))
    {
        return unit_at(i + 1)
            || (clause.get(i + 1).is_some_and(|n| n.kind == Kind::Ident)
                || is_word_at(clause, i + 1, &["other", "few"]))
                && unit_at(i + 2);
    }
    false
}

/// Whether the read at `k` is a date's own reading at its midnight ("a date alone is read at
/// midnight UTC", "the date is read at its midnight"): a date of an argument is that instant,
/// no read of a result. The date is the head of the subject: the last word before the copula,
/// past "alone", "only", "itself" and an example ("a date such as 2026-12-01").
fn date_at_its_midnight(clause: &[&Tok], k: usize) -> bool {
    let head = clause[..k.saturating_sub(1)].iter().rev().find(|t| {
        t.kind == Kind::Word && !is_word(t, &["alone", "only", "itself", "always", "such", "as"])
    });
    let mut j = k + 1;
    if !is_word_at(clause, j, &["at"]) {
        return false;
    }
    j += 1;
    if is_word_at(clause, j, &["its", "the"]) {
        j += 1;
    }
    head.is_some_and(|h| is_word(h, &["date", "dates"]))
        && is_word_at(clause, j, &["midnight"])
        && clause[j + 1..]
            .iter()
            .take_while(|t| t.kind == Kind::Word)
            .all(|t| is_word(t, &["utc"]))
}

/// Whether the phrase from `k` dates a read to another time than the call: "before" anything but
/// the call, or "at/on/in/by/after/during/until" a time of day, a date or an hour.
fn dated_read(clause: &[&Tok], k: usize) -> bool {
    const AT_THE_CALL: &[&str] = &[
        "call", "calls", "search", "request", "requests", "now", "answer", "reading", "query",
    ];
    // a window of the result, not the time of the read
    const WINDOW: &[&str] = &["next", "coming", "following", "window", "range"];
    let Some(p) = clause.get(k) else { return false };
    let phrase: Vec<&Tok> = clause[k + 1..]
        .iter()
        .take_while(|t| t.kind == Kind::Word || t.kind == Kind::Ident)
        .copied()
        .collect();
    if phrase
        .iter()
        .any(|t| is_word(t, AT_THE_CALL) || is_word(t, WINDOW))
    {
        return false;
    }
    if is_word(p, &["before"]) {
        return !phrase.is_empty();
    }
    is_word(
        p,
        &["at", "on", "in", "by", "after", "during", "until", "since"],
    ) && phrase.iter().any(|t| {
        is_word(t, PERIOD_UNITS)
            || is_word(t, &["start", "end", "close", "opening", "closing"])
                && phrase.iter().any(|u| is_word(u, PERIOD_UNITS))
            || t.kind == Kind::Ident && t.text.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// Times before a request, as a result would be dated to them.
const EARLIER_TIMES: &[&str] = &[
    "ago",
    "morning",
    "yesterday",
    "last",
    "earlier",
    "before",
    "previous",
    "day",
    "days",
    "week",
    "weeks",
    "hour",
    "hours",
    "minute",
    "minutes",
    "month",
    "night",
    "evening",
    "visit",
];

/// States a result reports of its things (a slot open, an appointment pending); a participle
/// after "was" is an event of the thing's past ("it was confirmed days ago"), not a dated result.
const STATES_OF_A_RESULT: &[&str] = &["open", "free", "available", "pending"];

/// Claims about which source, list or result is current, correct or first.
pub(super) fn currency(clause: &[&Tok], out: &mut Vec<Violation>) {
    if let Some(t) = clause.iter().find(|t| is_word(t, AUTHORITY)) {
        push(
            out,
            Rule::Directive,
            t,
            format!("\"{}\" claims authority or precedence for a text", t.text),
        );
        return;
    }
    // an age ("up to one hour old") says how fresh this tool's own answer is, unless another
    // source is named beside it
    let other = clause
        .iter()
        .any(|t| is_word(t, &["other", "others", "another", "else"]));
    let age = |k: usize| {
        is_word(clause[k], &["old"])
            && k > 0
            && is_word(
                clause[k - 1],
                &[
                    "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days",
                    "week", "weeks",
                ],
            )
            && !other
    };
    // "out of date" and "up to date" are currency said in three words
    let dated = |k: usize| {
        is_word(clause[k], &["date"])
            && k >= 2
            && ((is_word(clause[k - 2], &["out"]) && is_word(clause[k - 1], &["of"]))
                || (is_word(clause[k - 2], &["up"]) && is_word(clause[k - 1], &["to"])))
    };
    // "right for the patient" says what suits someone, not which source is correct
    let suits = |k: usize| {
        is_word(clause[k], &["right"]) && clause.get(k + 1).is_some_and(|n| is_word(n, &["for"]))
    };
    // "an unknown id returns 404": a value not found, not a source's standing
    let not_found = |k: usize| {
        is_word(clause[k], &["unknown"])
            && clause.get(k + 1).is_some_and(|n| {
                is_word(
                    n,
                    &[
                        "id", "ids", "code", "codes", "value", "values", "unit", "units", "key",
                        "name",
                    ],
                )
            })
    };
    // "its old slot": a thing's own former value, not a source's standing
    // ("the new slot is booked and the old slot is released": a move's two slots)
    let moved = clause.iter().any(|x| is_word(x, &["new"]));
    let former = |k: usize| {
        is_word(clause[k], &["old"])
            && k > 0
            && (is_word(clause[k - 1], &["its", "their", "his", "her"])
                || (moved && is_word(clause[k - 1], &["the"])))
            && clause
                .get(k + 1)
                .is_some_and(|n| n.kind == Kind::Word && !is_word(n, RIVAL))
    };
    // "18 or older" is an age's bound, not a source's standing
    let bound = |k: usize| {
        is_word(clause[k], &["older"])
            && k > 0
            && (is_word(clause[k - 1], &["or", "and"]) || clause[k - 1].kind == Kind::Ident)
    };
    // "current medications", "the present address": a person's data as it is now, no source
    let persons_now = |k: usize| {
        is_word(clause[k], &["current", "present"])
            && clause.get(k + 1).is_some_and(|n| {
                n.kind == Kind::Word
                    && crate::lang::data::data_kind(&n.text, false)
                        .is_some_and(|d| d != Data::Conversation)
            })
    };
    // "the status, the priority (`normal` or `urgent`)": a field's name in a list of what a
    // result holds; a rank is had, taken or given ("takes priority over")
    let field_named = |k: usize| {
        is_word(clause[k], &["priority"])
            && k >= 1
            && is_word(clause[k - 1], &["the", "its"])
            && !(k >= 2
                && is_word(
                    clause[k - 2],
                    &[
                        "has", "have", "had", "take", "takes", "took", "give", "gives", "gave",
                        "get", "gets", "got", "with", "given",
                    ],
                ))
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["over", "than", "to", "for", "in"]))
    };
    // "the priority of the result is urgent", "urgent priority": the field said with its value
    // (`normal` or `urgent`); a rank over another ("priority over", "than") or beside another
    // source stays a rank
    let valued = |k: usize| {
        const GRADES: &[&str] = &["urgent", "normal"];
        // ("urgent priority", "priority urgent", "the priority of the result is urgent")
        let beside = (k >= 1 && is_word(clause[k - 1], GRADES))
            || clause.get(k + 1).is_some_and(|n| is_word(n, GRADES));
        let said = clause[k + 1..]
            .iter()
            .take(6)
            .position(|x| is_word(x, &["is", "becomes", "stays"]))
            .is_some_and(|c| clause.get(k + 2 + c).is_some_and(|n| is_word(n, GRADES)));
        is_word(clause[k], &["priority"])
            && (beside || said)
            && !clause
                .iter()
                .any(|x| is_word(x, &["not", "when", "if", "unless"]))
            && !clause.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "over", "than", "above", "first", "before", "other", "others", "another",
                        "else", "instead",
                    ],
                )
            })
    };
    let truth = (0..clause.len())
        .find(|&k| {
            (is_word(clause[k], TRUTH)
                && !field_named(k)
                && !valued(k)
                && !age(k)
                && !the_matter(clause, k)
                && !persons_now(k)
                && !suits(k)
                && !not_found(k)
                && !former(k)
                && !bound(k))
                || dated(k)
        })
        .map(|k| clause[k]);
    // another tool named where a value comes from or goes is another source too
    let rival = (0..clause.len())
        .find(|&k| {
            is_word(clause[k], RIVAL)
                || (clause[k].kind == Kind::Ident
                    && k >= 2
                    && is_word(clause[k - 1], &["by", "to"])
                    && is_word(clause[k - 2], &["returned", "give"]))
        })
        .map(|k| clause[k]);
    // a value's own validity or finality, beside the list or the tool it comes from ("Each
    // valid value is a specialty as returned by list_specialties", "The value is not final and
    // depends on the entries of the list"), ranks no source; with another source named it does
    // ("Slot ids of other tools are invalid")
    const VALUE_LIKE: &[&str] = &[
        "position",
        "positions",
        "status",
        "date",
        "dates",
        "time",
        "times",
    ];
    let of_a_value = truth.is_some_and(|t| {
        let Some(k) = clause.iter().position(|x| std::ptr::eq(*x, t)) else {
            return false;
        };
        // ("valid codes"; "the value is not final": the word right before "is", not a relative
        // word, "which is out of date")
        let value = |x: &Tok| is_word(x, VALUE_HEADS) || is_word(x, VALUE_LIKE);
        let before_a_value = clause.get(k + 1).is_some_and(|n| value(n));
        let said_of_a_value = clause[..k]
            .iter()
            .rposition(|x| is_word(x, COPULAS))
            .and_then(|c| c.checked_sub(1))
            .is_some_and(|h| value(clause[h]));
        // ("An unknown specialty gives an empty list": a kind of the value given, before it)
        let unknown_value = is_word(t, &["unknown"])
            && clause.get(k + 1).is_some_and(|n| {
                n.kind == Kind::Word && !is_word(n, PREPOSITIONS) && !is_word(n, COPULAS)
            });
        (is_word(t, &["valid", "invalid", "final"]) && (before_a_value || said_of_a_value))
            || unknown_value
    });
    // (another person is no other source: "any other caller gets the error, also for a valid
    // id")
    let another_named = clause.iter().enumerate().any(|(k, x)| {
        is_word(
            x,
            &["source", "sources", "tool", "tools", "server", "servers"],
        ) || (is_word(x, &["other", "others", "another", "else"])
            && !clause.get(k + 1).is_some_and(|n| is_word(n, PEOPLE)))
    });
    if let (Some(t), Some(r)) = (truth, rival)
        && t.start != r.start
        && (!of_a_value || another_named)
    {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\" with \"{}\" ranks one source against another; say only what this tool returns",
                t.text, r.text
            ),
        );
    }
}

/// Is the grade at `k` one of a list of the triage scale's grades, joined by commas, "and" or
/// "or" only ("one of routine, elevated and urgent")? A grade set against another ("routine,
/// not urgent") is no list.
fn grades_listed(clause: &[&Tok], k: usize) -> bool {
    // (and a range of them: "from routine to urgent")
    let joint = |x: &Tok| x.kind == Kind::Comma || is_word(x, &["and", "or", "to"]);
    let grade = |x: &Tok| is_word(x, &["urgent", "elevated", "routine"]);
    let after = clause[k + 1..]
        .iter()
        .take(3)
        .take_while(|x| joint(x) || grade(x))
        .any(|x| grade(x));
    let before = clause[..k]
        .iter()
        .rev()
        .take(3)
        .take_while(|x| joint(x) || grade(x))
        .any(|x| grade(x));
    after || before
}

/// A person's answer made optional, or something else put beside it: "optionally after the
/// patient accepts", "after the patient accepts or after 1 minute", "…, after the patient
/// accepts, where possible", "optionally with a question to the patient". A change that waits
/// for a person's answer waits for it every time, and for nothing else.
pub(super) fn consent_qualified(clause: &[&Tok], out: &mut Vec<Violation>) {
    const HEDGES: &[&str] = &[
        "optionally",
        "possibly",
        "ideally",
        "preferably",
        "usually",
        "normally",
        "generally",
        "mostly",
        "often",
        "sometimes",
        "maybe",
        "perhaps",
    ];
    const MARKERS: &[&str] = &[
        "after",
        "once",
        "when",
        "if",
        "before",
        "until",
        "following",
    ];
    const ASKED: &[&str] = &[
        "question",
        "questions",
        "answer",
        "yes",
        "confirmation",
        "consent",
        "approval",
        "acceptance",
        "agreement",
    ];
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    // the answer the clause waits for: a person's act after a marker ("after the patient
    // accepts", "optionally after the patient reads it"), or a question with "with"
    let waits = |m: usize| {
        (w(m, MARKERS) && (m + 1..m + 4).any(|j| w(j, PEOPLE)))
            || (w(m, &["with"]) && (m + 1..m + 3).any(|j| w(j, ASKED)))
    };
    let Some(m) = (0..clause.len()).find(|&m| waits(m)) else {
        return;
    };
    // a hedge just before it ("optionally after …")
    let hedged = m >= 1 && w(m - 1, HEDGES);
    // "where possible", "if possible", "when possible" anywhere in the clause
    let possible = (1..clause.len()).any(|k| {
        w(k, &["possible", "feasible", "practical", "convenient"])
            && w(k - 1, &["where", "if", "when", "as"])
    });
    // an alternative after the answer: "or after 1 minute", "or at the end of the day", "or
    // without it"
    let consent_at = (m + 1..clause.len()).find(|&k| w(k, CONSENT) || w(k, ASKED));
    let alternative = consent_at.is_some_and(|c| {
        (c + 1..clause.len()).any(|k| {
            w(k, &["or"])
                && (k + 1..k + 3).any(|j| {
                    w(
                        j,
                        &[
                            "after", "at", "once", "when", "if", "without", "by", "in", "within",
                            "on", "unless",
                        ],
                    )
                })
        })
    });
    if hedged || possible || alternative {
        push(
            out,
            Rule::Directive,
            clause[m],
            "a person's answer made optional or given a stand-in: a change that waits for a person's answer waits for it every time, and for nothing else".to_owned(),
        );
    }
}

/// "nothing changes", "nothing is booked": what an answer leaves, said of no care (no medical
/// word in its clause), is the no change a refused answer brings ("On `SLOT_TAKEN`, the slot was
/// booked by another patient first, and nothing changes"), not care played down.
fn no_change_said(clause: &[&Tok], k: usize) -> bool {
    let at = |j: usize, list: &[&str]| clause.get(j).is_some_and(|t| is_word(t, list));
    let change = at(k + 1, &["changes", "changed", "happens", "happened"])
        || at(k + 1, &["is", "was"])
            && at(
                k + 2,
                &[
                    "booked",
                    "moved",
                    "cancelled",
                    "made",
                    "changed",
                    "recorded",
                    "confirmed",
                    "rejected",
                    "escalated",
                    "done",
                ],
            );
    change && !clause.iter().any(|t| medical(t))
}
