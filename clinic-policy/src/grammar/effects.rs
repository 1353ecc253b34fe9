//! Acts: orders to the reader, verbs of effect, a change named or said as a state, a changing
//! tool's object picked or widened, steps, and the shape of a whole text and of a tool
//! description's first sentence.

use super::assertions::{conditioned, doctors_review, or_listed, possible_status};
use super::screened::said_of_this_server;
use crate::lang::words::*;
use crate::types::{Field, Rule, Violation};

/// Orders: a verb's base form opening a clause, or opening a phrase after "then", "and", "or"
/// or a comma with an object after it; "is to be" + participle; "let", "make sure".
pub(super) fn orders(
    clause: &[&Tok],
    opening: bool,
    own: Option<&'static str>,
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let mut starts = vec![0];
    for (k, t) in clause.iter().enumerate() {
        if t.kind == Kind::Comma || is_word(t, &["then", "and", "or", "but", "so"]) {
            starts.push(k + 1);
        }
    }
    for (n, &s) in starts.iter().enumerate() {
        let mut k = s;
        while k < clause.len()
            && (is_word(clause[k], LEAD_ADVERBS) || clause[k].kind == Kind::Comma)
        {
            k += 1;
        }
        let Some(t) = clause.get(k) else { continue };
        if t.kind != Kind::Word {
            continue;
        }
        let next = clause.get(k + 1);
        let object_follows = next.is_some_and(|x| {
            is_word(x, DETERMINERS)
                || is_word(
                    x,
                    &["it", "them", "not", "every", "all", "nothing", "everything"],
                )
                || x.kind == Kind::Ident
        });
        // a word outside the vocabulary has no part of speech here (the vocabulary rule refuses
        // it on its own); where an order stands, with an object after it, it is read as one
        if verb(&t.text).is_none()
            && !crate::vocabulary::is_approved(&t.text)
            && object_follows
            && !(opening && n == 0)
        {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" stands where an order opens, with an object after it; a text states what the tool does, returns or takes",
                    t.text
                ),
            );
            continue;
        }
        let Some((base, class, Form::Base)) = verb(&t.text) else {
            continue;
        };
        // a noun: "Start of the window", "List.", "Name and id"; not before a phrase and an
        // object ("Hold for the patient the earliest one")
        let noun_use = match next {
            None => true,
            Some(x) => {
                x.kind == Kind::Comma
                    || (is_word(
                        x,
                        &[
                            "of", "and", "or", "for", "in", "at", "from", "is", "are", "was",
                            "were", "as",
                        ],
                    ) && !object_after_phrase(clause, k + 1))
                    || (x.kind == Kind::Word
                        && verb(&x.text).is_some_and(|(_, _, f)| {
                            matches!(f, Form::Third | Form::Past | Form::Participle)
                        }))
            }
        };
        // "note that …" introduces a statement of fact, as plain documentation writes it
        let noun_use = noun_use || (base == "note" && next.is_some_and(|x| is_word(x, &["that"])));
        // a verb that is a noun first, before a noun: "Sort order", "Search words"
        let noun_use = noun_use
            || (NOUN_FIRST.contains(&base)
                && next.is_some_and(|x| {
                    x.kind == Kind::Word
                        && !is_word(x, DETERMINERS)
                        && !is_word(
                            x,
                            &["it", "them", "not", "every", "all", "nothing", "everything"],
                        )
                        && verb(&x.text).is_none_or(|(_, _, f)| {
                            f != Form::Base || NOUN_FIRST.contains(&x.text.as_str())
                        })
                }));
        // after "and"/"or"/a comma inside a clause only an object makes it an order
        let inner = n > 0 && !is_word(clause[s.saturating_sub(1)], &["then"]);
        if noun_use || (inner && !object_follows) {
            continue;
        }
        let own_action = opening && (Some(base) == own || effects.contains(&base));
        if own_action {
            continue;
        }
        push_order(out, t, class, false);
    }
    // an order after a phrase that opens the clause: "In each case book the earliest slot",
    // "With this id book …", "For each patient give …"
    for (n, &s) in starts.iter().enumerate() {
        if !clause
            .get(s)
            .is_some_and(|t| is_word(t, PREPOSITIONS) && !is_word(t, &["as"]))
        {
            continue;
        }
        let Some(j) = (s + 2..clause.len().saturating_sub(1)).find(|&j| {
            let (prev, t) = (clause[j - 1], clause[j]);
            t.kind == Kind::Word
                && verb(&t.text).is_some_and(|(_, _, f)| f == Form::Base)
                && prev.kind == Kind::Word
                && !is_word(prev, DETERMINERS)
                && !is_word(prev, PREPOSITIONS)
                && !is_word(prev, &["and", "or", "not"])
                && is_object(clause[j + 1])
                && !subordinate_verb(clause, s, j)
        }) else {
            continue;
        };
        // a modal of what can happen has its subject before it ("On an open day a doctor can
        // have no open slot"); one of duty stays an order ("In each case the agent must book")
        if is_word(clause[j - 1], &["can", "cannot", "may", "might", "could"])
            && !clause[s..j - 1].iter().any(|t| reader(t))
        {
            continue;
        }
        // a finite verb before it makes the clause a statement ("In each list the slots are …")
        if clause[s..j].iter().enumerate().any(|(i, t)| {
            is_word(t, &["is", "are", "was", "were", "has", "have"])
                || (t.text.ends_with('s')
                    && verb(&t.text).is_some_and(|(_, _, f)| f == Form::Third)
                    && finite_at(&clause[s..], i))
        }) {
            continue;
        }
        let t = clause[j];
        let Some((base, class, _)) = verb(&t.text) else {
            continue;
        };
        if n == 0 && opening && (Some(base) == own || effects.contains(&base)) {
            continue;
        }
        push_order(out, t, class, true);
    }
    // an order run on after a noun phrase, with no word between: "Find open slots of one doctor
    // choose the first slot", "Id of the doctor select the first doctor"; a verb after a noun
    // with an object after it and no verb before it in its clause is an order, not a statement
    // ("Doctors of the clinic have …", "the patient can book the slot" have theirs)
    // (from the clause's start or a comma: after "and" or "or" a subject may be joined)
    for &s in starts
        .iter()
        .filter(|&&s| s == 0 || clause[s - 1].kind == Kind::Comma)
    {
        let from = if s == 0 && opening { s + 2 } else { s + 1 };
        let Some(j) = (from..clause.len().saturating_sub(1)).find(|&j| {
            let (prev, t) = (clause[j - 1], clause[j]);
            // the noun before the verb stands in a phrase of a preposition ("Open slots of the
            // doctors choose …"): it is no subject, and the verb agrees with nothing
            let in_a_phrase = clause[s..j - 1]
                .iter()
                .rev()
                .take_while(|x| {
                    x.kind == Kind::Word && !is_word(x, &["who", "whose", "which", "that"])
                })
                .any(|x| is_word(x, PREPOSITIONS));
            // … or a count or a quantity and its noun ("choose 2 slots", "book one more slot")
            let object = is_word(clause[j + 1], OPENS_OBJECT)
                || ((clause[j + 1].kind == Kind::Ident
                    || is_word(
                        clause[j + 1],
                        &[
                            "one", "two", "three", "that", "other", "more", "several", "most",
                        ],
                    ))
                    && clause.get(j + 2).is_some_and(|n| {
                        n.kind == Kind::Word
                            && verb(&n.text).is_none_or(|(_, _, f)| f == Form::Base)
                    }));
            t.kind == Kind::Word
                && verb(&t.text).is_some_and(|(_, _, f)| f == Form::Base)
                && matches!(prev.kind, Kind::Word | Kind::Ident)
                && !is_word(prev, DETERMINERS)
                && !is_word(prev, PREPOSITIONS)
                && !is_word(prev, &["and", "or", "not", "to", "then"])
                && (verb(&prev.text).is_none_or(|(_, _, f)| f != Form::Base)
                    || j - 1 == s
                    || (j >= 2 && is_word(clause[j - 2], DETERMINERS)))
                // after a plural subject or a relative word the verb agrees with it: a
                // statement ("Other persons get the error 403", "the clinicians who treat …")
                && (in_a_phrase
                    || ((!prev.text.ends_with('s') || prev.text.ends_with("ss"))
                        && !is_word(
                            prev,
                            &["who", "which", "that", "people", "children", "staff", "data"],
                        )))
                // … and so after a subject joined by "and" or "or" ("The patient and the doctor
                // get a notification")
                // (not one inside a phrase: "Id of the doctor or the clinic choose …"; but people
                // joined to people who see or get something: "Only the patient of the
                // appointment and its doctor see the form")
                && (in_a_phrase || !clause[s..j - 1].iter().any(|x| is_word(x, &["and", "or"])))
                && !people_joined(&clause[s..j], t)
                && !subordinate_verb(clause, s, j)
                && (object || (!in_a_phrase && clause[j + 1].kind == Kind::Ident))
        }) else {
            continue;
        };
        if clause[s..j].iter().enumerate().any(|(i, t)| {
            is_word(t, &["is", "are", "was", "were", "has", "have", "had"])
                || is_word(t, MODALS)
                || (t.kind == Kind::Word
                    && verb(&t.text).is_some_and(|(_, _, f)| {
                        f == Form::Past || (f == Form::Third && finite_at(&clause[s..], i))
                    }))
        }) {
            continue;
        }
        let t = clause[j];
        if let Some((base, class, _)) = verb(&t.text)
            && !(opening && s == 0 && (Some(base) == own || effects.contains(&base)))
        {
            push_order(out, t, class, true);
        }
    }
    // a purpose for the reader: "… of one doctor to choose the first slot for the patient", "Id
    // of the doctor to choose for the patient first", "The next step is to give the text to the
    // patient": a purpose that picks one of many, or hands something to a person, is an order;
    // what a value is used for ("used to sort the results", "True to include the cancelled
    // ones", "to identify the patient"), the tool's own act and where a value goes ("the value
    // to give to book_appointment") are a value's role
    for k in 1..clause.len().saturating_sub(1) {
        let t = clause[k + 1];
        if !is_word(clause[k], &["to"]) || t.kind != Kind::Word {
            continue;
        }
        let purpose = purpose_clause(clause, k);
        // (a purpose clause names an act whatever its verb: "in order to note the reason",
        // "so as to plan the visit")
        let (base, class) = match verb(&t.text) {
            Some((base, class, Form::Base)) => (base, class),
            None if purpose && !is_word(t, &["be"]) => ("", VerbClass::Other),
            _ => continue,
        };
        let own_act = Some(base) == own || effects.contains(&base);
        let to_a_tool = base == "give"
            && clause.get(k + 2).is_some_and(|x| is_word(x, &["to"]))
            && clause.get(k + 3).is_some_and(|x| x.kind == Kind::Ident);
        let stretch: Vec<&Tok> = clause[k + 2..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .copied()
            .collect();
        let picks = stretch
            .iter()
            .any(|x| is_word(x, PICKS) || is_word(x, &["first", "last", "top", "only"]));
        let person_at = |from: usize| {
            stretch[from..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| is_word(x, PEOPLE) || is_word(x, PATIENT_SIDE))
        };
        // (to a person, for one, or the person right after the verb: "to give the patient the
        // text")
        let handed = stretch
            .iter()
            .enumerate()
            .any(|(n, w)| is_word(w, &["to", "for"]) && person_at(n + 1))
            || (person_at(0)
                && stretch
                    .iter()
                    .skip_while(|x| is_word(x, DETERMINERS))
                    .nth(1)
                    .is_some_and(|x| is_object(x)));
        if (picks || handed || purpose) && !own_act && !to_a_tool {
            push_order(out, t, class, true);
        }
    }
    duty_on_a_person(clause, out);
    // "is to be moved", "are to be shown", "is to be read": an order in the passive (a
    // participle, or one spelled as its base)
    for w in clause.windows(4) {
        if is_word(w[0], &["is", "are", "was", "were"])
            && is_word(w[1], &["to"])
            && is_word(w[2], &["be"])
            && w[3].kind == Kind::Word
            && verb(&w[3].text).is_some_and(|(_, _, f)| f == Form::Participle || f == Form::Base)
        {
            push(
                out,
                Rule::Directive,
                w[1],
                format!(
                    "\"{} to be {}\" is an order in the passive",
                    w[0].text, w[3].text
                ),
            );
        }
    }
}

/// Whether the "to" at `k` opens a purpose clause: "in order to …", "so as to …", "in order
/// for the patient to …" (the purpose's own subject between, no mark). What a purpose names is
/// an act someone is to make, an order, whatever its verb; a value's role ("used to sort the
/// results") is said without it.
fn purpose_clause(clause: &[&Tok], k: usize) -> bool {
    let opens = |j: usize| {
        j >= 1
            && (is_word(clause[j], &["order"]) && is_word(clause[j - 1], &["in"])
                || is_word(clause[j], &["as"]) && is_word(clause[j - 1], &["so"]))
    };
    k >= 2 && opens(k - 1)
        || (2..k.saturating_sub(1)).rev().take(6).any(|j| {
            opens(j)
                && is_word(clause[j + 1], &["for"])
                && clause[j + 2..k].iter().all(|x| x.kind == Kind::Word)
        })
}

/// A duty put on a person or on the reader by "is to" ("The patient is to note the reason after
/// it", "The agent is to read the intake first", "Doctors are not to …"): an order, whatever its
/// verb; a text states what the tool does, returns or takes. The person is the head of the
/// subject before "is" ("The doctor of the patient is to …"; not "The reason of the patient is
/// to …", nor a relative clause, "the doctor who is to see the patient").
fn duty_on_a_person(clause: &[&Tok], out: &mut Vec<Violation>) {
    for i in 1..clause.len().saturating_sub(2) {
        if !is_word(clause[i], &["is", "are", "was", "were"]) {
            continue;
        }
        let mut j = i + 1;
        while is_word_at(
            clause,
            j,
            &["not", "never", "always", "also", "then", "now", "still"],
        ) {
            j += 1;
        }
        if !is_word_at(clause, j, &["to"])
            || !clause.get(j + 1).is_some_and(|x| x.kind == Kind::Word)
            || is_word_at(clause, j + 1, &["be"])
            || is_word(clause[i - 1], &["who", "that", "which", "what", "whom"])
        {
            continue;
        }
        // the subject: from the clause's start or the last mark or joining word before "is"
        let from = (0..i)
            .rev()
            .find(|&m| {
                clause[m].kind != Kind::Word
                    || is_word(clause[m], &["and", "or", "then", "so", "but", "if", "when"])
            })
            .map_or(0, |m| m + 1);
        let mut h = from;
        while h < i
            && (is_word(clause[h], DETERMINERS)
                || is_word(clause[h], LEAD_ADVERBS)
                || is_word(
                    clause[h],
                    &["authenticated", "oncall", "same", "new", "only"],
                ))
        {
            h += 1;
        }
        // (a possessive: "the patient's doctor", "the patient's reason")
        while h + 2 < i && is_word(clause[h + 1], &["s"]) {
            h += 2;
        }
        if h >= i {
            continue;
        }
        let head = clause[h];
        let person = is_word(head, PEOPLE)
            || is_word(head, PATIENT_SIDE)
            || is_word(head, STAFF_MEMBERS)
            || reader(head)
            || is_word(head, &["assistant", "model", "ai", "bot", "you", "we"]);
        if person {
            push(
                out,
                Rule::Directive,
                clause[j],
                format!(
                    "\"{} ... {} {}\" puts a duty on a person: an order, whatever its verb; a text states what the tool does, returns or takes",
                    head.text,
                    clause[j].text,
                    clause[j + 1].text
                ),
            );
            return;
        }
    }
}

/// The verb at `j` agrees with a plural subject of a clause inside the phrase and says how that
/// subject stands to the thing the phrase is about (a verb of having), no order: a relative clause on a plural noun
/// ("with the number of doctors who have it"), or a count asked of one ("with how many doctors
/// practise it"). Its object points back: "it", "them", or a thing the clause named before ("the
/// doctors who practise the specialty"). A verb that agrees with none ("Id of the doctor who
/// choose the first slot"), a subject's clause not opened ("Open slots of the doctors choose the
/// earliest slot"), or a verb of what a reader does, a pick, a change or a handing over ("doctors
/// who choose it", "who book it", "who give it to the patient"), stays an order.
fn subordinate_verb(clause: &[&Tok], s: usize, j: usize) -> bool {
    let plural = |k: usize| {
        let t = clause[k];
        t.kind == Kind::Word
            && verb(&t.text).is_none_or(|(_, _, f)| f != Form::Base)
            && (t.text.ends_with('s') && !t.text.ends_with("ss")
                || is_word(t, &["people", "children", "staff"]))
            && !is_word(t, DETERMINERS)
            && !is_word(t, &["this", "is", "was", "has", "its", "as", "us"])
    };
    let at = |k: usize, list: &[&str]| k >= s && is_word_at(clause, k, list);
    // "doctors who have it"
    let related = j >= s + 2 && at(j - 1, &["who", "which", "that"]) && plural(j - 2);
    // "how many doctors practise it"
    let counted = j >= s + 3 && plural(j - 1) && at(j - 2, &["many", "few"]) && at(j - 3, &["how"]);
    // a verb of having: how the people stand to the thing, not what a reader does with it
    let states = verb(&clause[j].text).is_some_and(|(b, _, _)| {
        matches!(
            b,
            "have" | "hold" | "practise" | "practice" | "share" | "offer" | "treat" | "cover"
        )
    });
    // the object: "it", "them", or a determiner and a noun named before, nothing picked
    let named_before = |t: &Tok| {
        let stem = t.text.trim_end_matches('s');
        t.kind == Kind::Word
            && clause[..j]
                .iter()
                .any(|x| x.kind == Kind::Word && x.text.trim_end_matches('s') == stem)
    };
    let rest = &clause[j + 1..];
    let back = is_word_at(clause, j + 1, &["it", "them"])
        || is_word_at(clause, j + 1, &["the", "that", "this", "their", "its"])
            && clause.get(j + 2).is_some_and(|t| named_before(t));
    let picks = rest
        .iter()
        .any(|x| is_word(x, PICKS) || is_word(x, &["first", "last", "top", "only", "to"]));
    (related || counted) && states && back && !picks
}

/// A subject of people joined by "and" or "or", none of them many, before a verb of seeing or
/// getting: "Only the patient of the appointment and its doctor see the form" is who sees it,
/// no order.
fn people_joined(subject: &[&Tok], verb_at: &Tok) -> bool {
    let person = |from: &[&Tok]| {
        from.iter()
            .find(|x| !is_word(x, DETERMINERS) && !is_word(x, &["only", "its", "their"]))
            .is_some_and(|x| is_word(x, PEOPLE) || is_word(x, PATIENT_SIDE))
    };
    // (the appointment's own people: "any other patient", "every doctor" are many)
    is_word(verb_at, &["see", "get", "read", "receive", "have", "know"])
        && !subject
            .iter()
            .any(|x| is_word(x, &["other", "any", "every", "all", "each", "another"]))
        && person(subject)
        && subject
            .iter()
            .enumerate()
            .any(|(i, x)| is_word(x, &["and", "or"]) && person(&subject[i + 1..]))
}

/// An order to the reader at `t` (a change is an effect, any other verb a directive).
fn push_order(out: &mut Vec<Violation>, t: &Tok, class: VerbClass, after_phrase: bool) {
    let after = if after_phrase {
        " after the phrase before it"
    } else {
        ""
    };
    push(
        out,
        class.rule(),
        t,
        format!(
            "\"{}\" opens an order to the reader{after}; a text states what the tool does, returns or takes",
            t.text
        ),
    );
}

/// Words that open a verb's object right after it ("choose the first slot", "give it"); not a
/// word that also follows a noun ("an IANA name such as …").
const OPENS_OBJECT: &[&str] = &[
    "a", "an", "the", "this", "these", "those", "each", "every", "all", "any", "its", "their",
    "it", "them", "both", "another", "some", "no",
];

/// A word that opens an object: a determiner, a scope, a pronoun or a name.
pub(super) fn is_object(t: &Tok) -> bool {
    is_word(t, DETERMINERS)
        || is_word(t, &["it", "them", "every", "all", "nothing", "everything"])
        || t.kind == Kind::Ident
}

/// From the preposition at `k`: its phrase, then an object after the phrase's noun ("for the
/// patient the earliest one"): the verb before the preposition took the phrase, and the object.
pub(super) fn object_after_phrase(clause: &[&Tok], k: usize) -> bool {
    let mut seen_noun = false;
    for t in clause.iter().skip(k + 1) {
        if t.kind != Kind::Word && t.kind != Kind::Ident {
            return false;
        }
        if is_object(t) && t.kind == Kind::Word && seen_noun {
            return true;
        }
        seen_noun = !is_word(t, DETERMINERS)
            && !is_word(t, PREPOSITIONS)
            && !is_word(t, &["and", "or", "not"]);
    }
    false
}

/// Is the `-s` form at `k` a finite verb rather than a plural noun? A noun follows a determiner,
/// a preposition or an adjective-like word; a verb follows its subject.
pub(super) fn finite_at(clause: &[&Tok], k: usize) -> bool {
    let Some(prev) = k.checked_sub(1).map(|p| clause[p]) else {
        return true;
    };
    if prev.kind == Kind::Comma {
        // (a noun in a list of three or more nouns: "letters, digits, marks and spaces"; not
        // "slots, cancels and books", nor a verb with its object after it)
        let noun = |j: usize| {
            clause.get(j).is_some_and(|x| {
                x.kind == Kind::Word
                    && verb(&x.text).is_none()
                    && !is_word(x, &["and", "or", "then", "also"])
                    && !is_word(x, DETERMINERS)
            })
        };
        let listed = k >= 3
            && clause[k - 3].kind == Kind::Comma
            && noun(k - 2)
            && clause
                .get(k + 1)
                .is_some_and(|x| x.kind == Kind::Comma || is_word(x, &["and", "or"]))
            && noun(k + 2)
            && !clause.get(k + 3).is_some_and(|x| is_word(x, DETERMINERS));
        return !listed;
    }
    !(is_word(prev, DETERMINERS)
        || is_word(prev, PREPOSITIONS)
        || prev.kind == Kind::Ident
        || is_word(
            prev,
            &[
                "and",
                "or",
                "pending",
                "open",
                "new",
                "old",
                "upcoming",
                "past",
                "cancelled",
                "confirmed",
                "rejected",
                "completed",
                "audit",
                "booking",
                "appointment",
                "appointments",
            ],
        ))
}

/// Token `k` is inside a condition: a condition word before it in the same phrase ("true when
/// any slot is booked"), not in a phrase of its own before a comma ("when the list is empty,
/// each appointment is cancelled" states a change).
pub(super) fn in_condition(clause: &[&Tok], k: usize) -> bool {
    clause[..k]
        .iter()
        .rev()
        .take_while(|x| x.kind != Kind::Comma)
        .any(|x| {
            is_word(
                x,
                &[
                    "when", "if", "whether", "unless", "until", "once", "while", "after", "before",
                    "only",
                ],
            )
        })
}

/// Verbs of effect as finite verbs, after a modal, or in "will be"/"can be" + participle: only
/// the tool's own declared effect, and none in a tool that reads. `refused`: the clause follows
/// an answer in which the API made no change, where a change denied ("nothing changes", "no
/// appointment is booked") is that answer's meaning.
pub(super) fn effect_verbs(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    tool: &str,
    refused: bool,
    out: &mut Vec<Violation>,
) {
    let known = !tool.is_empty();
    for (k, t) in clause.iter().enumerate() {
        if t.kind != Kind::Word {
            continue;
        }
        // a change named as a thing, a gerund with its object or a noun of a change on a scope
        // ("cancelling the other appointments is part of the booking", "a cancellation of every
        // upcoming appointment"): the change itself, not a state it leaves
        if let Some(found) = named_change(clause, k, effects, mutates) {
            push(out, Rule::Effects, t, found);
            continue;
        }
        let Some((base, VerbClass::Effect, form)) = verb(&t.text) else {
            continue;
        };
        if refused && change_denied(clause, k) {
            continue;
        }
        // the escalated appointment's doctor as its role changes ("its doctor changes to the
        // oncall doctor of the clinic"): to whom is read against the acts
        if base == "change"
            && effects.contains(&"escalate")
            && crate::lang::predicates::role_changes_at(clause, k)
        {
            continue;
        }
        // a tool that asks the person (a cancellation, a rejection) waits for the answer to its
        // question: no change
        if base == "wait"
            && (effects.contains(&"cancel") || effects.contains(&"reject"))
            && is_word_at(clause, k + 1, &["for"])
            && clause[k + 2..]
                .iter()
                .take(4)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, ANSWERS))
        {
            continue;
        }
        // the doctor's review of a booking ("its doctor then confirms or rejects it"): the
        // doctor's own act on a pending appointment, said by a tool that reads or that leaves one
        // pending (a booking, a move); not a change of this tool
        let leaves_pending = !mutates
            || effects
                .iter()
                .any(|e| matches!(*e, "book" | "move" | "reschedule"));
        if leaves_pending
            && (doctors_review(clause, k)
                || (k >= 2 && is_word(clause[k - 1], &["or"]) && doctors_review(clause, k - 2)))
        {
            continue;
        }
        // a slot booked by another patient ("another patient may book the slot first", "the slot
        // may be taken by another patient"): a race of the clinic API, another caller's change,
        // not one this tool makes or recommends
        if slot_taken_by_another(clause, k, base, form) {
            continue;
        }
        let prev = k.checked_sub(1).map(|p| clause[p]);
        // what this server does to the clinic API's answer ("this server keeps those of the
        // specialty", "the server sets it"): no change to the clinic (a value of the API's said
        // to be set by this server is read against the API in `facts`); a keeping "for" someone
        // or "until" a time holds a thing: a change
        if matches!(base, "keep" | "set" | "retain")
            && said_of_this_server(clause, k)
            && !clause[k + 1..]
                .iter()
                .any(|x| is_word(x, &["for", "until", "aside", "reserved", "held"]))
        {
            continue;
        }
        // what the output screen takes out of a reading tool's answer ("control characters are
        // removed from the protocol text"): a change to the answer, not to the clinic's data
        if !mutates && super::screened::screen_of_the_answer(clause, k, base, form, tool) {
            continue;
        }
        // "takes no arguments", "This tool takes no reason": what a call is given, no change
        if base == "take"
            && clause[k + 1..]
                .iter()
                .take(5)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, GIVEN))
        {
            continue;
        }
        // a change said as the state it leaves on a scope of things ("other upcoming
        // appointments become cancelled", "each appointment of the patient is moved"): a change
        // to more than the tool's own one object, even by its own verb
        // … or at the end of a list of states after it ("is open, free, accepted")
        let copula = |p: &Tok| {
            is_word(
                p,
                &[
                    "is", "are", "be", "been", "become", "becomes", "get", "gets",
                ],
            )
        };
        let listed_after_copula = k >= 3
            && clause[..k].last().is_some_and(|c| c.kind == Kind::Comma)
            && clause[..k]
                .iter()
                .rev()
                .take(7)
                .take_while(|x| !copula(x))
                .all(|x| {
                    x.kind == Kind::Comma
                        || (x.kind == Kind::Word
                            && !is_word(x, DETERMINERS)
                            && !is_word(x, PREPOSITIONS)
                            && verb(&x.text).is_none_or(|(_, _, f)| f != Form::Third))
                })
            && clause[k.saturating_sub(7)..k].iter().any(|x| copula(x));
        let scoped_state = form == Form::Participle
            // "each key is kept for 24 hours": what stays as it is for a time changes nothing
            // (not "every other slot is kept for the patient", "… kept cancelled")
            && !(matches!(base, "keep" | "retain")
                && is_word_at(clause, k + 1, &["for"])
                && clause.get(k + 2).is_some_and(|x| x.kind == Kind::Ident)
                && is_word_at(clause, k + 3, TIME_UNITS)
                && !clause[..k].iter().any(|x| is_word(x, &["other", "others"])))
            && (prev.is_some_and(copula) || listed_after_copula)
            // ("An appointment of any triage level can be escalated": what an act may take,
            // not a change made to every one)
            && !(k >= 2
                && is_word(clause[k - 1], &["be"])
                && is_word(clause[k - 2], &["can", "may"]))
            && clause[..k]
                .iter()
                .enumerate()
                // "the booking fee, if any, is refunded": "if any" names no scope
                .any(|(j, x)| {
                    is_word(x, &["every", "all", "each", "other", "any"])
                        && !(x.text == "any" && j > 0 && is_word(clause[j - 1], &["if"]))
                })
            // "true when any slot is booked": a state a condition names; "once all other
            // appointments are cancelled" makes a change to the others the condition
            && (!in_condition(clause, k)
                || clause[..k].iter().any(|x| is_word(x, &["other", "others"])));
        if scoped_state {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"{}\" names a change to every one of a kind, not the tool's own one object",
                    t.text
                ),
            );
            continue;
        }
        // the tool's own change on a second object ("the patient is booked for a second visit",
        // "… also booked into an additional slot"): more than the one object it declares
        let second = form == Form::Participle
            && effects.contains(&base)
            && clause[..k]
                .iter()
                .rev()
                .take(2)
                .any(|p| is_word(p, &["is", "are", "be", "been", "becomes", "gets"]))
            && (k + 1..clause.len()).take(4).any(|j| {
                is_word(
                    clause[j],
                    &[
                        "second",
                        "additional",
                        "extra",
                        "further",
                        "more",
                        "both",
                        "two",
                    ],
                )
                // an amount of time measures when ("more than 24 hours before the visit")
                && !amount_of_time(&clause[j..])
                && !(is_word(clause[j], &["more"])
                    && clause.get(j + 1).is_some_and(|x| is_word(x, &["than"]))
                    && amount_of_time(&clause[(j + 2).min(clause.len())..]))
                // a count of times counts the acts on the one object ("moved more than once",
                // "moved a second time"): true of a move and an escalation, which the API makes
                // again on the same appointment; a slot is booked, an intake recorded and a
                // status changed once
                && !(matches!(base, "move" | "reschedule" | "escalate")
                    && (is_word(clause[j], &["more"])
                        && is_word_at(clause, j + 1, &["than"])
                        && (is_word_at(clause, j + 2, &["once", "twice"])
                            || is_word_at(clause, j + 3, &["times"]))
                        || is_word_at(clause, j + 1, &["time", "times"])))
            });
        // the tool's own change on another object than the one asked for ("if the slot is taken,
        // the next slot is booked instead")
        let second = second
            || (form == Form::Participle
                && effects.contains(&base)
                && clause.iter().any(|x| is_word(x, &["instead"])));
        if second {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"{}\" names the tool's change on a second object: a tool changes its one declared object",
                    t.text
                ),
            );
            continue;
        }
        if effects.contains(&base) {
            continue;
        }
        // "made" or "done" of the tool's own change named by its noun ("the booking may be made
        // or not", "whether the move was done"): the change is the tool's own
        // (the noun is its subject: only a verb's helpers stand between them)
        let subject = clause[..k].iter().rev().find(|x| {
            !is_word(x, MODALS) && !is_word(x, &["is", "was", "be", "been", "has", "not", "or"])
        });
        if matches!(base, "make" | "do")
            && form == Form::Participle
            && subject.is_some_and(|x| {
                change_noun(&x.text.to_ascii_lowercase()).is_some_and(|b| effects.contains(&b))
            })
        {
            continue;
        }
        // a thing said to be one to change ("each upcoming appointment is one to cancel", "the
        // first slot is the right one to book"): a recommendation of a change the tool does not
        // make; a value's use ("the slot id is the value to book") names what a value is for
        let purpose_of_a_thing = known
            && form == Form::Base
            && prev.is_some_and(|p| is_word(p, &["to"]))
            && k >= 2
            && !is_word(clause[k - 2], VALUE_HEADS)
            // ("the number of seconds to wait": a time's use)
            && !is_word(clause[k - 2], &["seconds", "minutes", "hours", "days"])
            // "available to book" is a state of the thing; "true when …" a condition
            && !is_word(clause[k - 2], &["available", "free", "open", "ready"])
            && !in_condition(clause, k)
            && clause[..k - 1]
                .iter()
                .rev()
                .take(5)
                .any(|x| is_word(x, &["is", "are", "becomes", "become", "seems", "remains"]));
        // a value's use is a value's way to a change: never to one that removes, from a tool
        // that only reads ("the id of the oldest one is the value to cancel")
        let removal_use = known
            && !mutates
            && form == Form::Base
            && prev.is_some_and(|p| is_word(p, &["to"]))
            && k >= 2
            && is_word(clause[k - 2], VALUE_HEADS)
            && matches!(base, "cancel" | "reject" | "delete" | "remove" | "release");
        if purpose_of_a_thing || removal_use {
            let why = if mutates {
                "is a change recommended that is not the tool's own declared effect"
            } else {
                "is a change recommended, and the tool only reads"
            };
            push(out, Rule::Effects, t, format!("\"to {}\" {why}", t.text));
            continue;
        }
        // a change named as what something is for, with its object ("the reason to cancel the
        // oldest appointment"): the verb of a change the tool does not make
        // ("the value to book" names a value's use; with an object after it, it is a change)
        let object = clause.get(k + 1).is_some_and(|n| {
            is_word(n, DETERMINERS)
                || is_word(
                    n,
                    &[
                        "every", "all", "each", "any", "other", "this", "that", "these", "those",
                        "it", "them", "one",
                    ],
                )
        });
        // (read with the tool only: a derive screens its text without it, the start-up screen
        // with it)
        if known && form == Form::Base && object && prev.is_some_and(|p| is_word(p, &["to"])) {
            let why = if mutates {
                "names a change that is not the tool's own declared effect"
            } else {
                "names a change, and the tool only reads"
            };
            push(out, Rule::Effects, t, format!("\"to {}\" {why}", t.text));
            continue;
        }
        // "only after the patient accepts": the answer the tool waits for is the person's act,
        // not a change the tool makes
        if conditioned(clause, k) {
            continue;
        }
        // "hold" after a container is "contain" ("each result holds a title"), no change
        // ("holds the slot until the patient answers" keeps something for a time: a change)
        if base == "hold"
            && prev.is_some_and(|p| is_word(p, CONTAINERS))
            // a time after it, in its own phrase
            && !clause[k + 1..]
                .iter()
                .take_while(|x| x.kind != Kind::Comma)
                .any(|x| is_word(x, &["until", "minutes", "hours", "days", "for"]))
        {
            continue;
        }
        let prev2 = k.checked_sub(2).map(|p| clause[p]);
        let after_modal = prev.is_some_and(|p| is_word(p, MODALS))
            || (prev.is_some_and(|p| is_word(p, &["not", "also", "then", "always", "never"]))
                && prev2.is_some_and(|p| is_word(p, MODALS)));
        let modal_passive = form == Form::Participle
            && prev.is_some_and(|p| is_word(p, &["be"]))
            && prev2.is_some_and(|p| is_word(p, MODALS) || is_word(p, &["to"]));
        // "then each appointment is moved": a passive that follows a step is a change, not a state
        // ("the next 7 days": "next" after a determiner is no step)
        let sequenced_passive = form == Form::Participle
            && prev.is_some_and(|p| is_word(p, &["is", "are", "be", "gets", "get"]))
            && clause[..k].iter().enumerate().any(|(j, x)| {
                is_word(x, &["then", "afterwards", "after"])
                    || (is_word(x, &["next"])
                        && j.checked_sub(1)
                            .is_none_or(|p| !is_word(clause[p], DETERMINERS)))
            });
        // "the patient becomes booked with the first free doctor", "the earliest slot is booked
        // for the patient": a change said as a state, in a clause that sets no condition (a
        // boolean's "true when the appointment is cancelled" describes a state), with the tool
        let predicate_passive = known
            && form == Form::Participle
            // "submitted intakes are kept": what stays as it is changes nothing
            && !matches!(base, "keep" | "hold" | "retain")
            // "the clinic is closed": a place's hours, no change
            && !(base == "close"
                && k >= 2
                && is_word(
                    clause[k - 2],
                    &[
                        "clinic", "clinics", "location", "locations", "office", "practice",
                        "reception", "hotline", "desk", "kiosk", "building", "branch", "site",
                    ],
                ))
            && (prev.is_some_and(|p| is_word(p, &["is", "are", "becomes", "become", "gets"]))
                || (prev.is_some_and(|p| is_word(p, &["also", "then", "again"]))
                    && k >= 2
                    && is_word(clause[k - 2], &["is", "are", "becomes", "become", "gets"])))
            && !in_condition(clause, k)
            && !possible_status(clause, k)
            // ("for an appointment that is cancelled, rejected or already started": the states a
            // kind is narrowed by, as alternatives)
            && !(k >= 2
                && is_word(clause[k - 1], &["is", "are"])
                && is_word(clause[k - 2], &["that", "which"])
                && or_listed(clause, k));
        let finite = match form {
            Form::Third | Form::Past => finite_at(clause, k),
            Form::Base => after_modal,
            Form::Participle => modal_passive || sequenced_passive || predicate_passive,
            Form::Ing => false,
        };
        if finite {
            let why = if mutates {
                "names a change that is not the tool's own declared effect"
            } else {
                "names a change, and the tool only reads"
            };
            push(out, Rule::Effects, t, format!("\"{}\" {why}", t.text));
        }
    }
}

/// Another caller: "another patient", "other patients", "a different patient".
fn another_caller(clause: &[&Tok], j: usize) -> bool {
    is_word_at(clause, j, &["another", "other", "different"])
        && is_word_at(clause, j + 1, &["patient", "patients", "caller", "callers"])
}

/// The verb at `k` books or takes a slot, and another caller does it: the subject before a
/// modal of what may happen ("another patient may book it first"), or the agent after a passive
/// ("a slot may be taken by another patient"). The object is a slot or a word for one; never
/// the tool's own act, nor a change said as done (only a possibility: "may", "can", "might").
fn slot_taken_by_another(clause: &[&Tok], k: usize, base: &str, form: Form) -> bool {
    if !matches!(base, "book" | "take") || change_denied(clause, k) {
        return false;
    }
    let possible = |j: usize| is_word_at(clause, j, &["may", "might", "can", "could"]);
    let slot = |x: &&Tok| is_word(x, &["slot", "slots", "it", "them", "one"]);
    // the object right after the verb: "it", "them", "one of them", "the slot", "a slot", and
    // nothing after it but when ("first", "before …")
    let object_end = if is_word_at(clause, k + 1, &["it", "them"]) {
        Some(k + 2)
    } else if is_word_at(clause, k + 1, &["one"])
        && is_word_at(clause, k + 2, &["of"])
        && is_word_at(clause, k + 3, &["them"])
    {
        Some(k + 4)
    } else if is_word_at(clause, k + 1, &["the", "a", "this", "that"])
        && is_word_at(clause, k + 2, &["slot"])
    {
        Some(k + 3)
    } else {
        None
    };
    let when_only = |e: usize| {
        clause.get(e).is_none_or(|x| {
            x.kind != Kind::Word || is_word(x, &["first", "before", "sooner", "earlier"])
        })
    };
    match form {
        // "another patient may book the slot", "… may book one of them"
        Form::Base => {
            k >= 3
                && possible(k - 1)
                && another_caller(clause, k - 3)
                && object_end.is_some_and(when_only)
        }
        // "the slot may be taken by another patient", "a slot in the list may be booked by …"
        Form::Participle => {
            k >= 2
                && is_word_at(clause, k - 1, &["be"])
                && possible(k - 2)
                && is_word_at(clause, k + 1, &["by"])
                && (another_caller(clause, k + 2)
                    || (is_word_at(clause, k + 2, &["a"]) && another_caller(clause, k + 3)))
                && clause[..k - 2].iter().any(slot)
        }
        _ => false,
    }
}

/// What a call is given: "takes" of one of these names an argument, not a slot taken.
const GIVEN: &[&str] = &[
    "argument",
    "arguments",
    "parameter",
    "parameters",
    "reason",
    "data",
    "input",
    "inputs",
];

/// The verb of a change at `k` is denied: its subject is "nothing", "none" or "no …" ("nothing
/// changes", "no appointment is booked"), or "not" stands before it ("is not cancelled", "does
/// not change").
fn change_denied(clause: &[&Tok], k: usize) -> bool {
    let before = |j: usize| j.checked_sub(1).map(|p| clause[p]);
    let mut j = k;
    if before(j).is_some_and(|p| is_word(p, &["not", "never"])) {
        return true;
    }
    if before(j).is_some_and(|p| is_word(p, &["is", "are", "was", "were", "be", "been"])) {
        j -= 1;
    }
    before(j).is_some_and(|p| is_word(p, &["nothing", "none"]))
        || (j >= 2 && is_word(clause[j - 2], &["no"]) && clause[j - 1].kind == Kind::Word)
}

/// [`effect_verbs`]'s reading of a change named as a thing at `k`: a gerund of a change with its
/// object after it, the tool's own only on a scope; or a noun of a change (`cancellation`,
/// `rebooking`) with a scope after it.
pub(super) fn named_change(
    clause: &[&Tok],
    k: usize,
    effects: &[&'static str],
    mutates: bool,
) -> Option<String> {
    let t = clause[k];
    let scoped = clause[k + 1..].iter().take(5).any(|x| is_word(x, SCOPE));
    let why = |base: &str| {
        if effects.contains(&base) {
            "names the tool's change on more than its one object".to_owned()
        } else if mutates {
            "names a change that is not the tool's own declared effect".to_owned()
        } else {
            "names a change, and the tool only reads".to_owned()
        }
    };
    if let Some((base, VerbClass::Effect, Form::Ing)) = verb(&t.text) {
        let object = clause.get(k + 1).is_some_and(|n| {
            is_word(n, DETERMINERS) || is_word(n, SCOPE) || is_word(n, &["it", "them"])
        });
        if object && (!effects.contains(&base) || scoped) {
            return Some(format!("\"{}\" {}", t.text, why(base)));
        }
        return None;
    }
    if verb(&t.text).is_some() || !scoped {
        return None;
    }
    let base = changes_spelled(&t.text, true).find(|v| t.text.len() > v.len() + 2)?;
    Some(format!("\"{}\" {}", t.text, why(base)))
}

/// The tool's own change on a scope ("Cancel all appointments of the patient", "Join every
/// waiting list"), another change in a title ("Cancel and book"), and a changing tool's
/// parameter that falls back to a scope ("when empty, all of them", "all by default"): a tool
/// changes its one declared object.
pub(super) fn own_scope(
    clause: &[&Tok],
    effects: &[&'static str],
    field: Field,
    tool: Tool<'_>,
    out: &mut Vec<Violation>,
) {
    let mutates = tool.mutates;
    for (k, t) in clause.iter().enumerate() {
        let Some((base, VerbClass::Effect, _)) = verb(&t.text) else {
            continue;
        };
        let own = effects.contains(&base);
        // (a slot released is open "for other patients": they are who may take it, not more
        // objects of the release)
        let freed_for_others =
            base == "release" && clause.get(k + 1).is_some_and(|x| is_word(x, &["for"]));
        let scoped = own
            && !freed_for_others
            && clause[k + 1..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["all", "every", "each", "any", "both", "other"]));
        // in a title, a verb where a phrase opens ("Cancel and book"), not a noun ("List my
        // schedule")
        let opens = k == 0
            || clause[k - 1].kind == Kind::Comma
            || is_word(clause[k - 1], &["and", "or", "then"]);
        // (read with the tool only: a title screened without it has no own change to compare)
        let other_in_title = field == Field::Title && !tool.name.is_empty() && !own && opens;
        if scoped || other_in_title {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"{}\" reaches past the tool's one declared object or effect",
                    t.text
                ),
            );
            return;
        }
    }
    // (another tool's default, said in its relative clause, is no fallback of this one)
    let fallback = clause.iter().enumerate().any(|(k, x)| {
        is_word(x, &["default", "empty", "missing", "omitted", "absent"])
            && !crate::facts::answers::of_a_named_tool(clause, k)
    });
    if field == Field::ParamDescription
        && mutates
        && fallback
        && let Some(t) = clause.iter().find(|x| {
            is_word(
                x,
                &[
                    "all", "every", "each", "any", "both", "earliest", "first", "next", "latest",
                ],
            )
        })
    {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "\"{}\" as what a changing tool falls back to reaches past its one object",
                t.text
            ),
        );
    }
}

/// Another tool named by what it does ("the cancel tool", "the booking tool"): a tool is named
/// only by its name, where a text may name one, so that every rule on tools reads it.
pub(super) fn tool_by_its_act(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate().skip(1) {
        if !is_word(t, &["tool", "tools", "function", "endpoint"]) {
            continue;
        }
        let before = clause[k - 1];
        let act = verb(&before.text).map(|(v, c, _)| (v, c)).or_else(|| {
            changes_spelled(&before.text, true)
                .next()
                .map(|v| (v, VerbClass::Effect))
        });
        if let Some((v, VerbClass::Effect)) = act
            && !effects.contains(&v)
        {
            push(
                out,
                Rule::Directive,
                before,
                format!(
                    "\"{} {}\" names another tool by what it does; a text names a tool only by its name, as where a value comes from or goes",
                    before.text, t.text
                ),
            );
            return;
        }
    }
}

/// Another object of the tool's change, said as its state: "the next slot of the doctor is
/// booked", "the patient's other slots are then free", "each other appointment … is
/// inactive". A changing tool leaves a state on its one declared object.
pub(super) fn other_object_state(
    clause: &[&Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    const OTHERS: &[&str] = &["other", "others", "another", "next", "remaining", "rest"];
    const CHANGED: &[&str] = &[
        "free", "inactive", "void", "gone", "open", "closed", "empty", "ended", "invalid", "moved",
        "off", "over",
    ];
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, OTHERS) {
            continue;
        }
        // (what the act puts "on each other appointment": a reason, a note, a status)
        let on = (1..=2).any(|i| {
            k >= i
                && is_word(clause[k - i], &["on", "onto"])
                && clause[k - i + 1..k]
                    .iter()
                    .all(|x| is_word(x, &["each", "every", "all", "the"]))
        });
        if on
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["appointment", "appointments", "booking", "bookings"]))
        {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"on\" … \"{}\" appointment: the act puts something on another appointment; a tool changes its one declared object",
                    t.text
                ),
            );
            return;
        }
        // (or a verb of an end: "the other pending appointments end as rejected", "… are given
        // up"; any status then is a change the act makes on them)
        for j in k + 1..(k + 12).min(clause.len()) {
            let ends = is_word(clause[j], &["end", "ends", "ended", "turn", "turns"])
                && is_word_at(clause, j + 1, &["as", "up"])
                && !is_word(clause[j - 1], &["not", "never", "nor"]);
            // (past 7 words, only of other appointments: "other pending appointments of the
            // patient with the doctor are given up")
            let far = j >= k + 8;
            let of_appointments = clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["appointment", "appointments", "booking", "bookings"]));
            if !is_word(clause[j], COPULAS) && !ends || far && !of_appointments {
                continue;
            }
            let j = if ends { j + 1 } else { j };
            let state = clause[j + 1..]
                .iter()
                .find(|x| !is_word(x, MID_ADVERBS) && !is_word(x, &["all"]));
            let given_up =
                state.is_some_and(|x| is_word(x, &["given"])) && is_word_at(clause, j + 2, &["up"]);
            if far && !(given_up || ends) {
                break;
            }
            let changed = given_up
                || ends && state.is_some_and(|x| is_word(x, APPOINTMENT_STATUSES))
                || state.is_some_and(|x| {
                    is_word(x, CHANGED)
                        || verb(&x.text).is_some_and(|(v, c, f)| {
                            c == VerbClass::Effect
                                && f == Form::Participle
                                && !effects.is_empty()
                                && effects.contains(&v)
                                || c == VerbClass::Effect
                                    && f == Form::Participle
                                    && effects.is_empty()
                        })
                });
            if changed {
                push(
                    out,
                    Rule::Effects,
                    t,
                    format!(
                        "\"{}\" … \"{}\": another object's state after the change; a tool changes its one declared object",
                        t.text,
                        state.map_or("", |x| x.text.as_str())
                    ),
                );
                return;
            }
            break;
        }
    }
}

/// A person signed up to more: "the patient then gets each notification of the clinic", "the
/// oncall doctor gets every appointment of the patient".
pub(super) fn gets_every(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if is_word(t, &["gets", "receives", "get", "receive"])
            // (a question for each act is one question a call: "gets a question for each
            // cancellation")
            && !is_word_at(clause, k + 2, &["question", "questions"])
            // (another person, of visits or cases only: "the oncall doctor gets every
            // appointment of the patient", "… a notification of each urgent intake"; "the doctor
            // gets all matches" is what a search gives back)
            && (clause[..k].iter().any(|x| is_word(x, PATIENT_SIDE))
                || clause[..k].iter().any(|x| is_word(x, PEOPLE))
                    && (k + 1..clause.len()).any(|j| {
                        is_word(clause[j], &["each", "every", "all", "any"])
                            && clause[j + 1..].iter().take(3).any(|x| {
                                is_word(x, VISIT_NOUNS)
                                    || is_word(x, &["intake", "intakes", "case", "cases"])
                            })
                    }))
            // "an invite for each visit"; not a time ("an email at each step")
            && clause[k + 1..]
                .iter()
                .enumerate()
                .filter(|(_, x)| !is_word(x, &["then", "also"]))
                .take(4)
                .any(|(i, x)| {
                    is_word(x, &["each", "every", "all", "any"])
                        && !(i > 0
                            && is_word(clause[k + i], &["at", "on", "after", "before", "in", "by"]))
                })
        {
            push(
                out,
                Rule::Effects,
                t,
                "a person given every one of something: a change past the tool's one object"
                    .to_owned(),
            );
            return;
        }
    }
}

/// What a pick picks in a changing tool: a slot, an appointment, a doctor, a visit, "one".
pub(super) const PICKED: &[&str] = &[
    "one",
    "ones",
    "of",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "doctor",
    "doctors",
    "visit",
    "visits",
    "entry",
    "entries",
    "offer",
    "offers",
];

/// A changing tool's object picked by the text ("the earliest one", "the latest slot of the
/// doctor", "the one with the highest fee", "Book the earliest slot"): the object of a change
/// is the one the person chose, which the caller passes; a text does not choose it. A bound of
/// a window ("Latest date of a slot") and an order ("earliest first") pick nothing.
pub(super) fn picked_object(clause: &[&Tok], mutates: bool, out: &mut Vec<Violation>) {
    // a tool that reads orders and returns; it picks for no one: only a preference or a pick
    // given to a person ("the clinic's preferred slot", "each patient gets the earliest slot",
    // "the doctor with the highest fee") is read there
    let given = clause.iter().enumerate().any(|(i, t)| {
        is_word(t, PATIENT_SIDE)
            && clause
                .get(i + 1)
                .is_some_and(|v| is_word(v, &["gets", "get", "receives", "sees"]))
    });
    for (k, t) in clause.iter().enumerate() {
        let preferred = is_word(t, &["preferred", "recommended", "suggested", "favourite"])
            && clause.get(k + 1).is_some_and(|x| is_word(x, PICKED));
        let with_the = k >= 3
            && is_word(t, PICKS)
            && is_word(clause[k - 1], &["the"])
            && is_word(clause[k - 2], &["with"])
            && is_word(clause[k - 3], PICKED);
        if preferred || with_the {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" picks for the person; the person chooses, and the tool returns what there is",
                    t.text
                ),
            );
            return;
        }
        if !is_word(t, PICKS) || !(mutates || given) {
            continue;
        }
        let after: Vec<&&Tok> = clause[k + 1..]
            .iter()
            .filter(|x| !is_word(x, &["open", "free", "available", "upcoming", "possible"]))
            .take(1)
            .collect();
        let object = after.first().is_some_and(|x| is_word(x, PICKED));
        let one_with = k >= 3
            && is_word(clause[k - 1], &["the"])
            && is_word(clause[k - 2], &["with"])
            && is_word(clause[k - 3], &["one", "ones"]);
        if object || one_with {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" picks what the tool changes; the object of a change is the one the person chose, passed by the caller",
                    t.text
                ),
            );
            return;
        }
    }
}

/// Steps for the reader that are changes: "Next step: the booking of …", "Steps: 1 the search,
/// 2 a hold …", "the next step is a cancellation". A text says what the tool does, not which
/// change to make after it (a person's own step, "the clinic's phone is then the next step",
/// names no change).
pub(super) fn steps(
    clauses: &[Vec<&Tok>],
    n: usize,
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let clause = &clauses[n];
    // a change said not to come ("the phone is the next step, not a retry") is none
    let changes = |c: &[&Tok]| {
        c.iter().enumerate().any(|(i, t)| {
            !c[i.saturating_sub(2)..i]
                .iter()
                .any(|x| is_word(x, &["not", "no"]))
                && t.kind == Kind::Word
                && (verb(&t.text)
                    .is_some_and(|(v, c, _)| c == VerbClass::Effect && !effects.contains(&v))
                    || (verb(&t.text).is_none()
                        && changes_spelled(&t.text, true).any(|v| !effects.contains(&v)))
                    // … or a noun of a change that spells no verb ("a reservation", "the
                    // closure", "a payment", "an escalation")
                    || change_noun(&t.text).is_some_and(|v| !effects.contains(&v)))
        })
    };
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, &["step", "steps"]) {
            continue;
        }
        let label = k + 1 == clause.len() && clause.len() <= 3;
        let next = k > 0
            && is_word(
                clause[k - 1],
                &["next", "first", "last", "following", "then"],
            );
        let change = changes(&clause[k + 1..])
            || (next && changes(&clause[..k]))
            // only a label ("Next step:") reads on into the clause after it
            || (label && clauses.get(n + 1).is_some_and(|c| changes(c)));
        if (label || next) && change {
            push(
                out,
                Rule::Effects,
                t,
                "a change set as a step for the reader: a text says what the tool does and returns, not which change comes next".to_owned(),
            );
            return;
        }
        // text written at run time set as the step ("Excerpt of the protocol; each line of it
        // is the next step", "Notes of the doctor, as the next steps of the visit"): it would
        // make what the clinic's answer carries the reader's orders
        let written = clause.iter().enumerate().any(|(i, x)| {
            is_word(x, WRITTEN)
                && !(i > 0
                    && is_word(
                        clause[i - 1],
                        &["emergency", "phone", "telephone", "help", "crisis"],
                    ))
        });
        // … as the value's own form ("Text of the protocol, as steps for the tools") or in
        // apposition to it ("Note of the entry, the steps of the waiting list in order")
        let as_form = (k.saturating_sub(3)..k).any(|j| is_word(clause[j], &["as"]));
        let apposed = (k.saturating_sub(3)..k).any(|j| {
            clause[j].kind == Kind::Comma
                && clause[j + 1..k]
                    .iter()
                    .all(|x| is_word(x, DETERMINERS) || is_word(x, &["next"]))
        });
        // … or the next step said of what the value holds, by a pronoun or the step itself
        // ("each one is the next step of the visit", "the first step is the next step"); a
        // thing of the world ("the phone of the clinic is then the next step") names its own
        let copula = clause[..k].iter().rposition(|x| is_word(x, &["is", "are"]));
        let pronoun = next
            && copula.is_some_and(|c| {
                c > 0
                    && clause[..c].iter().all(|x| {
                        is_word(
                            x,
                            &[
                                "each", "one", "it", "they", "every", "all", "the", "its", "first",
                                "last", "this", "these", "of", "them", "step", "steps",
                            ],
                        )
                    })
            });
        if ((label || next || as_form || apposed) && written) || pronoun {
            push(
                out,
                Rule::Effects,
                t,
                "text written at run time set as the next step: what the clinic's answer carries is data for the person, never the reader's orders".to_owned(),
            );
            return;
        }
    }
}

/// A changing tool's act sentence with a condition, a hedge or a delay of its own ("Escalate
/// one appointment, unless the patient is a child", "Escalate one appointment, where possible
/// at the end of the day", "Escalate one appointment, at the earliest the next morning",
/// "Submit the intake form of one appointment, after the end of the visit", "Escalate one
/// appointment of a patient under 70"): the act is what
/// the clinic's API does when called; when and in which case to call it is not a catalogue's to
/// say. ("before the visit" states the API's own limit; a text says what comes after the act in
/// a sentence of its own.)
pub(super) fn act_excepted(clause: &[&Tok], out: &mut Vec<Violation>) {
    const LATER: &[&str] = &[
        "end", "week", "weeks", "day", "days", "hour", "hours", "minute", "minutes", "morning",
        "evening", "night", "weekday", "weekend", "month", "months", "tomorrow", "visit", "shift",
    ];
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    // the act's object narrowed by a person's age or cover ("Escalate one appointment of an
    // adult", "… of a patient under 70", "… with insurance"): eligibility is a sentence of its
    // own ("Only for patients 18 or older.")
    const NARROW: &[&str] = &[
        "adult",
        "adults",
        "child",
        "children",
        "minor",
        "minors",
        "infant",
        "infants",
        "senior",
        "seniors",
        "insured",
        "uninsured",
        "insurance",
    ];
    let at = (0..clause.len()).find(|&k| {
        w(k, &["unless"])
            || (w(k, NARROW)
                && k > 0
                && (w(k - 1, &["of", "for", "with", "to"])
                    || (k > 1
                        && w(k - 1, &["a", "an", "the"])
                        && w(k - 2, &["of", "for", "with", "to"]))))
            || (w(k, &["under", "over", "above", "below", "older", "younger"])
                && clause.get(k + 1).is_some_and(|t| t.kind == Kind::Ident))
            || (w(k, &["possible", "feasible", "practical", "convenient"])
                && k > 0
                && w(k - 1, &["where", "if", "when", "as"]))
            || (w(k, &["earliest"]) && k > 1 && w(k - 1, &["the"]) && w(k - 2, &["at"]))
            || (w(k, &["after", "later", "tomorrow"]) && (k..k + 5).any(|j| w(j, LATER)))
    });
    if let Some(k) = at {
        push(
            out,
            Rule::Effects,
            clause[k],
            "a condition, a hedge or a delay on a changing tool's act: the act is the API's, made when called; when and in which case to call it is not a catalogue's to say".to_owned(),
        );
    }
}

/// A part cut out of a changing tool's object or of the patient's medical data by an exception
/// ("Id of the appointment, except an appointment of a patient over 70", "Symptoms of the
/// patient, as a list, except chest pain", "Steps of the protocol, except the steps for a
/// child"): which part to leave out is the caller's or the clinic's to say, never a
/// catalogue's. In any tool's act sentence ("Get one appointment by id, except its late fee")
/// it reads as which part the caller is to drop: what a result leaves out is said as a state,
/// in a sentence of its own ("Fees are omitted"). "other than"
/// names a group ("staff other than the doctor"), and is read as such.
pub(super) fn cut_by_exception(
    clause: &[&Tok],
    mutates: bool,
    act: bool,
    out: &mut Vec<Violation>,
) {
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let at = (0..clause.len()).find(|&k| {
        w(k, &["except", "excepting", "excluding"])
            || (w(k, &["but"]) && w(k + 1, &["not"]))
            || (w(k, &["apart", "aside"]) && w(k + 1, &["from"]))
            || (w(k, &["save"]) && w(k + 1, &["for"]))
    });
    let Some(k) = at else { return };
    let care = clause.iter().any(|x| {
        crate::lang::data::medical(x)
            || is_word(
                x,
                &[
                    "protocol",
                    "protocols",
                    "step",
                    "steps",
                    "triage",
                    "allergy",
                    "allergies",
                ],
            )
    });
    if mutates || care || act {
        push(
            out,
            Rule::Effects,
            clause[k],
            "a part cut out of a tool's act, of a changing tool's object or of medical data by an exception: which part to leave out is not a catalogue's to say".to_owned(),
        );
    }
}

/// A changing tool's change said to reach more objects than its one ("Cancel one of the
/// patient's appointments, including each one of the same day", "Cancel one (or each) of the
/// patient's appointments", "Id of the appointment (or of each appointment of the doctor)",
/// "Book an open slot, including the slot after it"): a change makes its one declared change.
pub(super) fn more_objects(clause: &[&Tok], mutates: bool, out: &mut Vec<Violation>) {
    if !mutates {
        return;
    }
    const WIDER: &[&str] = &["each", "every", "all", "any", "both"];
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let bracket = |j: usize| {
        clause
            .get(j)
            .is_some_and(|t| t.kind == Kind::Comma && t.text == "(")
    };
    let opens = |k: usize| w(k, &["or", "including", "plus", "besides", "also"]) || bracket(k);
    let at = (0..clause.len()).find(|&k| {
        // "or each", "(each …)", "(or of each …)", "including every …"; "or both slots stay as
        // they were" says what stays, not what changes
        let wider = (k + 1..k + 4).find(|&j| w(j, WIDER)).is_some_and(|x| {
            (k + 1..x).all(|j| w(j, &["or", "of", "and", "also"]) || bracket(j))
                && !(x + 1..x + 4)
                    .any(|j| w(j, &["stay", "stays", "remain", "remains", "keep", "keeps"]))
        });
        (opens(k) && wider)
            // "including the slot after it": a second object of the kind the tool changes
            || (w(k, &["including", "plus", "besides"]) && (k + 1..k + 4).any(|j| w(j, MADE)))
            // "each appointment of the same day"
            || (w(k, WIDER)
                && (k + 1..k + 4).any(|j| w(j, MADE) || w(j, &["one", "ones"]))
                && (k + 2..clause.len().min(k + 8)).any(|j| {
                    w(j, &["same"]) && w(j - 1, &["the"]) && w(j - 2, &["of", "on", "for", "with"])
                }))
    });
    if let Some(k) = at {
        push(
            out,
            Rule::Effects,
            clause[k],
            "the change said to reach more objects than its one: a changing tool makes its one declared change".to_owned(),
        );
    }
}

/// A change named as a thing the tool's act comes "with" ("Find open slots of one doctor, with a
/// reservation of the earliest slot", "Get one appointment, with a payment of its fee"): the
/// tool is said to make a change it does not declare. A person's notice ("with a notification to
/// the patient") names no object of a change, and passes.
pub(super) fn change_with(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    for w in clause.windows(4) {
        let named = is_word(w[0], &["with"])
            && is_word(w[1], &["a", "an", "the", "its", "each", "every"])
            && is_word(w[3], &["of"])
            && change_noun(&w[2].text).is_some_and(|v| !effects.contains(&v));
        if named {
            push(
                out,
                Rule::Effects,
                w[2],
                format!(
                    "\"with a {} of …\" names a change the tool does not declare: a text says what the tool does and returns",
                    w[2].text
                ),
            );
            return;
        }
    }
}

/// Words a sentence does not end on: an article, a conjunction, a copula or a modal (a
/// preposition may: "the appointment it belongs to", "7 days after from").
pub(super) const NO_END: &[&str] = &[
    "a", "an", "the", "its", "their", "my", "every", "and", "or", "but", "if", "when", "whether",
    "because", "is", "are", "was", "were", "be", "been", "will", "can", "may", "must", "should",
    "shall", "would", "could", "might",
];

/// Each text is whole: it opens as a sentence does (not in lower case) and ends as one does (not
/// on a comma, colon or open bracket, nor on a word of [`NO_END`]). Each field is judged alone,
/// which holds only if no field is the rest of a sentence begun in another ("Id of the slot; the
/// question to the patient is" + "after the booking, not before.").
pub(super) fn whole(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    let trimmed = text.trim();
    let lead = text.len() - text.trim_start().len();
    // a text states; it asks the reader nothing ("How about a booking of …?")
    if let Some(q) = toks
        .iter()
        .find(|t| t.kind == Kind::Stop && &text[t.start..t.end] == "?")
    {
        push(
            out,
            Rule::Directive,
            q,
            "a question to the reader: a text states what the tool does, takes and returns"
                .to_owned(),
        );
    }
    if trimmed.starts_with(|c: char| c.is_ascii_lowercase()) {
        out.push(Violation {
            rule: Rule::Grammar,
            range: lead..lead + 1,
            detail: "the text opens in lower case, as the rest of a sentence does: each text is whole, and opens with a capital".to_owned(),
        });
    }
    let end = lead + trimmed.len();
    if trimmed.ends_with([',', ':', ';', '-', '(']) {
        out.push(Violation {
            rule: Rule::Grammar,
            range: end - 1..end,
            detail: "the text ends on a mark that leads on: each text is whole, and ends as a sentence does".to_owned(),
        });
        return;
    }
    let words: Vec<&Tok> = toks
        .iter()
        .filter(|t| !matches!(t.kind, Kind::Stop | Kind::Comma))
        .collect();
    // a copula after a pronoun ends a sentence ("how many there are", "as they were")
    let after_pronoun = words.len() >= 2
        && is_word(
            words[words.len() - 2],
            &[
                "there", "it", "they", "this", "that", "these", "those", "what", "which", "who",
            ],
        );
    let last = words
        .last()
        .filter(|t| !(after_pronoun && is_word(t, COPULAS)));
    if let Some(t) = last.filter(|t| t.kind == Kind::Word && NO_END.contains(&t.text.as_str())) {
        push(
            out,
            Rule::Grammar,
            t,
            format!(
                "the text ends on \"{}\", as a sentence left for another field to finish does: each text is whole",
                t.text
            ),
        );
    }
}

/// A tool description's first sentence is the tool's own action: its first word is the verb of
/// the tool's name.
pub(super) fn first_sentence(
    toks: &[Tok],
    tool: &str,
    own: Option<&'static str>,
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let Some(first) = toks
        .iter()
        .find(|t| t.kind == Kind::Word || t.kind == Kind::Ident)
    else {
        return;
    };
    let head = tool.split('_').next().unwrap_or("").to_ascii_lowercase();
    let ok = match own {
        Some(o) => verb(&first.text).is_some_and(|(v, _, f)| {
            (v == o || effects.contains(&v)) && matches!(f, Form::Base | Form::Third)
        }),
        // a verb outside the vocabulary (which refuses it on its own): the name's word itself
        None => {
            !head.is_empty()
                && (first.text == head
                    || first.text.strip_suffix('s') == Some(head.as_str())
                    || first.text.strip_suffix("es") == Some(head.as_str()))
        }
    };
    if !ok {
        let want = own.unwrap_or(head.as_str());
        push(
            out,
            Rule::Grammar,
            first,
            format!(
                "the first sentence of {tool}'s description opens with \"{}\", not its own action (\"{want}\")",
                first.text
            ),
        );
    }
}

/// "<slot> is open again" at `k` ("again") said by a tool whose change frees a slot (cancel,
/// reject, reschedule): the slot the appointment held becomes available again by the contract,
/// the act's own effect and no undo. Back from "open" over a copula with its auxiliaries and
/// adverbs ("will be", "is then") and a short relative ("the slot it held") to "slot". Only with
/// nothing after it: a delay or a condition ("open again in 2 hours", "… again when …") stays
/// refused.
pub(super) fn slot_freed(clause: &[&Tok], k: usize, effects: &[&str]) -> bool {
    const BETWEEN: &[&str] = &["will", "then", "now", "also", "just"];
    if k < 3
        || !frees(effects)
        || !is_word(clause[k], &["again"])
        || !is_word(clause[k - 1], &["open", "free", "available"])
    {
        return false;
    }
    // the copula, over the auxiliaries and adverbs around it
    let mut j = k - 1;
    let mut copula = false;
    while j >= 1 && (is_word(clause[j - 1], COPULAS) || is_word(clause[j - 1], BETWEEN)) {
        copula |= is_word(clause[j - 1], COPULAS);
        j -= 1;
    }
    // the slot, just before, or before a relative of up to three words ("it held", "that it had")
    // (the one slot the act held: not "all slots", "the slot of another appointment")
    let slot = (j.saturating_sub(4)..j)
        .rev()
        .find(|&i| is_word(clause[i], &["slot"]))
        .filter(|&i| {
            i == 0
                || !is_word(
                    clause[i - 1],
                    &["all", "every", "each", "any", "other", "another"],
                )
        });
    let relative_ok = slot.is_some_and(|i| {
        clause[i + 1..j].iter().all(|x| {
            x.kind == Kind::Word && !is_word(x, &["not", "no", "never", "again", "of", "for", "at"])
        })
    });
    // (nothing after it but what the slot is open for: "open again for booking")
    let for_booking = is_word_at(clause, k + 1, &["for", "to"])
        && clause[k + 2..].iter().take(3).any(|x| {
            is_word(
                x,
                &[
                    "booking", "bookings", "book", "patient", "patients", "anyone", "another",
                    "others",
                ],
            )
        });
    copula && relative_ok && (clause.get(k + 1).is_none_or(|x| x.kind != Kind::Word) || for_booking)
}

/// Verbs a change of ours does not cause: the act's own needs and states.
const ACT_STATES: &[&str] = &[
    "needs", "takes", "has", "gets", "keeps", "holds", "returns", "waits", "stays", "becomes",
    "is", "uses", "costs", "counts", "means", "fails", "succeeds", "goes",
];

/// A change's further effects, whatever the verb: the tool's act as the subject of a verb that
/// causes something ("the move ends the other appointments", "each booking starts a monthly
/// fee", "… makes the patient a member"), another thing ending with the act ("each other
/// appointment expires with the booking"), a change repeated on a calendar ("with a visit each
/// month"), the change made for more people ("… and for each child of the patient"), and a
/// change said to be undone at will ("a draft until the visit", "open again at any time").
pub(super) fn act_causes(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let act = |t: &Tok| {
        t.kind == Kind::Word
            && (verb(&t.text).is_some_and(|(_, c, f)| c == VerbClass::Effect && f == Form::Ing)
                || (verb(&t.text).is_none() && changes_spelled(&t.text, true).next().is_some())
                // the base form as a noun ("the move ends …"); "booking" and "cancellation" are
                // read above
                || is_word(t, &["move"]))
    };
    let mut hit: Option<(&Tok, &str)> = None;
    for (k, t) in clause.iter().enumerate() {
        let next = clause[k + 1..].iter().find(|x| !is_word(x, MID_ADVERBS));
        let causes = act(t)
            && k >= 1
            && is_word(clause[k - 1], &["the", "each", "every", "this", "a", "any"])
            && next.is_some_and(|v| {
                v.kind == Kind::Word
                    && !is_word(v, ACT_STATES)
                    && verb(&v.text)
                        .is_some_and(|(b, _, f)| f == Form::Third && !effects.contains(&b))
                    || (v.kind == Kind::Word
                        && verb(&v.text).is_none()
                        && v.text.ends_with('s')
                        && !is_word(v, ACT_STATES)
                        && clause.get(k + 2).is_some_and(|o| is_word(o, DETERMINERS)))
            });
        // … or holds, keeps or takes another object besides its own ("Each booking holds the
        // next open slot of the doctor too", "… a place on the waiting list of each other doctor")
        let holds_more = act(t)
            && k >= 1
            && is_word(clause[k - 1], &["the", "each", "every", "this", "a", "any"])
            && clause[k + 1..]
                .iter()
                .position(|v| is_word(v, &["holds", "keeps", "takes", "reserves", "blocks"]))
                .filter(|&at| {
                    clause[k + 1..k + 1 + at]
                        .iter()
                        .all(|x| is_word(x, MID_ADVERBS))
                })
                .is_some_and(|at| {
                    let object = &clause[k + 2 + at..];
                    object
                        .iter()
                        .enumerate()
                        .take_while(|(_, x)| x.kind != Kind::Comma)
                        .any(|(i, x)| {
                            is_word(
                                x,
                                &[
                                    "other", "others", "another", "too", "also", "next", "extra",
                                    "second", "further",
                                ],
                            ) && !(i > 0 && is_word(object[i - 1], &["no", "not"]))
                        })
                });
        let causes = causes || holds_more;
        // … at the act ("expires at the booking") or on every other object ("each other
        // appointment of the patient expires")
        let ending = is_word(t, &["expires", "ends", "lapses", "stops", "closes"]);
        let ends_with = ending
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["with", "at", "on", "upon"]))
            && clause[k + 2..]
                .iter()
                .take(2)
                .any(|x| act(x) || is_word(x, &["it"]));
        let others_end = ending
            && clause[..k].windows(2).any(|w| {
                is_word(w[0], &["each", "every", "all", "any"])
                    && is_word(w[1], &["other", "others"])
            })
            && !clause[..k]
                .iter()
                .any(|x| is_word(x, &["if", "when", "whether", "unless", "once"]));
        let calendar = mutates
            && is_word(t, &["day", "week", "month", "year"])
            && k >= 1
            && is_word(clause[k - 1], &["each", "every"]);
        let more_people = mutates
            && is_word(t, &["for"])
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["each", "every", "all", "any"]))
            && clause[k + 2..].iter().take(2).any(|x| is_word(x, PEOPLE));
        let undone = mutates
            // "a draft" as what the change is ("each booking here is a draft"), not a draft thing
            && ((is_word(t, &["draft"])
                && k >= 2
                && is_word(clause[k - 1], &["a"])
                && is_word(clause[k - 2], COPULAS))
                || is_word(t, &["undo", "undone", "reversible", "revert", "reverted"])
                || (is_word(t, &["time"])
                && k >= 2
                && is_word(clause[k - 1], &["any"])
                && is_word(clause[k - 2], &["at"]))
                || (is_word(t, &["again"])
                    && k >= 1
                    && is_word(clause[k - 1], &["open", "free", "available"])
                    && !slot_freed(clause, k, effects)));
        if causes {
            hit = Some((
                next.copied().unwrap_or(t),
                "the act causes more than its one change",
            ));
        } else if ends_with || others_end {
            hit = Some((t, "another thing ends with the act"));
        } else if calendar {
            hit = Some((t, "the change repeated on a calendar"));
        } else if more_people {
            hit = Some((t, "the change made for more people than the one it is for"));
        } else if undone {
            hit = Some((
                t,
                "a change said to be undone at will; the person's answer is asked all the same",
            ));
        }
        if hit.is_some() {
            break;
        }
    }
    if let Some((t, why)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "\"{}\": {why}; a changing tool makes its one declared change",
                t.text
            ),
        );
    }
}

/// A change named as what comes next or usually: "then a booking of the first slot", "a search
/// usually ends with a booking", and a sentence of a change with no verb ("A booking of the
/// earliest slot, for each patient."). Not a change the tool itself makes.
pub(super) fn named_sequence(
    clause: &[&Tok],
    effects: &[&'static str],
    sentence: bool,
    out: &mut Vec<Violation>,
) {
    let change = |t: &Tok| {
        t.kind == Kind::Word
            && (verb(&t.text).is_some_and(|(v, c, f)| {
                c == VerbClass::Effect && f == Form::Ing && !effects.contains(&v)
            }) || (verb(&t.text).is_none()
                && changes_spelled(&t.text, true).any(|v| !effects.contains(&v))))
    };
    let finite = clause.iter().enumerate().any(|(i, t)| {
        is_word(t, COPULAS)
            || is_word(t, &["has", "have", "can", "may", "will", "must"])
            || (verb(&t.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
                && finite_at(clause, i))
    });
    for (k, t) in clause.iter().enumerate() {
        let then = is_word(
            t,
            &[
                "then",
                "usually",
                "typically",
                "normally",
                "often",
                "mostly",
            ],
        ) && clause[k + 1..].iter().take(6).any(|x| change(x));
        let verbless = sentence
            && k == 1
            && is_word(clause[0], &["a", "an", "the", "each", "one"])
            && change(t)
            && !finite;
        if then || verbless {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"{}\" sets a change as what comes next; a text says what the tool does",
                    t.text
                ),
            );
            return;
        }
    }
}

/// Objects a change of ours may reach.
const OBJECTS: &[&str] = &[
    "appointment",
    "appointments",
    "slot",
    "slots",
    "list",
    "lists",
    "visit",
    "visits",
    "booking",
    "bookings",
    "entry",
    "entries",
    "intake",
    "intakes",
    "week",
    "day",
];

/// A changing tool's act tied to more objects by a relation word rather than a verb: "each
/// other appointment … is part of the cancellation", "… and each appointment after it are one
/// unit", "… of the same patient with it", "the two slots after it … too", "also an escalation
/// of the patient's other appointments", "each list of the same specialty are one list".
pub(super) fn tied_objects(clause: &[&Tok], out: &mut Vec<Violation>) {
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let more = (0..clause.len()).find(|&k| {
        (w(k, &["other", "others"])
            && (k == 0 || !w(k - 1, &["no", "any"]))
            && !w(k + 1, &["than"]))
            || (w(k, &["after"]) && w(k + 1, &["it", "them"]) && k >= 1 && w(k - 1, OBJECTS))
            || (w(k, &["same"]) && (w(k + 1, PEOPLE) || w(k + 1, &["specialty", "day", "doctor"])))
            || (w(k, &["rest"]) && w(k + 1, &["of"]))
    });
    let Some(m) = more else { return };
    let tie = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["part", "unit", "units", "too", "also"])
            || (is_word(t, &["with"]) && w(k + 1, &["it", "them"]))
            // "… are one list", "… is one unit"
            || (is_word(t, &["one"]) && w(k + 1, OBJECTS) && k >= 1 && w(k - 1, COPULAS))
            // "the appointment and each appointment after it": a second object joined on
            || (is_word(t, &["and"])
                && k < m
                && w(k + 1, &["each", "every", "the", "its", "all"])
                && clause[k + 1..].iter().take(4).any(|x| is_word(x, OBJECTS)))
    });
    if let Some((_, t)) = tie {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "\"{}\" ties more objects to the change (\"{}\"); a changing tool changes its one declared object",
                t.text, clause[m].text
            ),
        );
    }
}

/// A title that names a state after a change, or a change on more: "Book; others cancelled",
/// "Find slots (the first one booked)", "Cancel, with the rest of the week". A title is a noun
/// phrase or the tool's own action.
pub(super) fn title_state(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    for (k, t) in clause.iter().enumerate() {
        let after_noun = k >= 1
            && clause[k - 1].kind == Kind::Word
            && (!is_word(clause[k - 1], DETERMINERS) || is_word(clause[k - 1], &["one", "ones"]))
            && !is_word(clause[k - 1], PREPOSITIONS)
            && !is_word(clause[k - 1], COPULAS);
        let postpositive = after_noun
            && clause.get(k + 1).is_none_or(|n| n.kind != Kind::Word)
            && verb(&t.text).is_some_and(|(v, c, f)| {
                c == VerbClass::Effect
                    && matches!(f, Form::Participle | Form::Past)
                    && !effects.contains(&v)
            });
        // (a changing tool changes its one object, the one the person chose: "Cancel my
        // upcoming appointments", "Reschedule to the next open slot"; a plural after a
        // preposition is a kind: "Join the waiting list for appointments")
        let plural_object = mutates
            && is_word(t, MADE)
            && t.text.ends_with('s')
            && !clause[..k].iter().any(|x| is_word(x, PREPOSITIONS));
        let picked = mutates
            && is_word(
                t,
                &["next", "first", "earliest", "latest", "last", "soonest"],
            );
        let scope = mutates && is_word(t, &["rest", "others", "every", "all", "each"])
            || plural_object
            || picked;
        // how to act ("Book directly") or a person's state ("Booking (fee known)")
        let how = t.kind == Kind::Word && (manner(&t.text) || is_word(t, PERSON_STATES));
        if postpositive || scope || how {
            push(
                out,
                Rule::Effects,
                t,
                format!(
                    "\"{}\" in a title: a title is a noun phrase or the tool's own action on its one object",
                    t.text
                ),
            );
            return;
        }
    }
}

/// What the tool returns described as instructions for the reader: "with the next step for the
/// caller", "its steps are for the caller", "the text the caller gives to the patient". A value
/// is data for the person; what the reader does with it is the reader's.
pub(super) fn text_for_the_reader(clause: &[&Tok], out: &mut Vec<Violation>) {
    const READER: &[&str] = &[
        "caller",
        "callers",
        "agent",
        "agents",
        "assistant",
        "reader",
        "model",
    ];
    const SCRIPT: &[&str] = &[
        "step",
        "steps",
        "instructions",
        "instruction",
        "script",
        "words",
        "text",
        "order",
        "orders",
        "says",
        "gives",
        "tells",
        "reads",
    ];
    // the reader as the one the text is for ("for the caller") or the one who passes it on
    // ("the caller gives …"); "the caller's clinic" names no recipient
    let reader = clause.iter().enumerate().position(|(i, t)| {
        is_word(t, READER)
            && ((i >= 2
                && is_word(clause[i - 1], &["the", "each", "a"])
                && is_word(clause[i - 2], &["for", "to"]))
                || clause
                    .get(i + 1)
                    .is_some_and(|n| is_word(n, &["gives", "says", "tells", "reads", "passes"])))
    });
    if let Some(r) = reader
        && let Some(t) = clause[r.saturating_sub(6)..(r + 4).min(clause.len())]
            .iter()
            .find(|t| is_word(t, SCRIPT))
    {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\" for the reader: a value is data for the person, and what the reader does with it is the reader's",
                t.text
            ),
        );
    }
}

/// Words that place a change in time or in a queue: said of a change, they order it.
const SCHEDULED: &[&str] = &[
    "next",
    "due",
    "planned",
    "scheduled",
    "expected",
    "queued",
    "required",
    "needed",
    "pending",
    "upcoming",
    "coming",
    "underway",
    "ready",
];

/// Words that make a change named as a thing another one than the tool's own, or pick its
/// object: "a second booking", "each booking", "the booking of the earliest slot".
const ANOTHER_CHANGE: &[&str] = &[
    "another", "second", "new", "other", "each", "every", "any", "first", "earliest", "latest",
    "last", "next", "same",
];

/// Money, which is due as it stands ("A deposit of 20 EUR is due at booking").
const MONEY: &[&str] = &[
    "payment", "payments", "fee", "fees", "balance", "deposit", "amount", "charge", "charges",
    "cost", "costs", "price", "total", "sum", "refund",
];

/// Words that make an object of the clinic a new one: "a new appointment", "another slot".
const NEW_ONE: &[&str] = &[
    "new", "another", "second", "other", "extra", "further", "more",
];

/// A thing said to come: the subject of a statement whose predicate places it in time or in a
/// queue ("is next", "is due within 2 minutes", "is in the queue", "is the step after this
/// search"). Only what [`MAY_COME`] holds may come, as it stands: a change named as a thing ("A
/// booking of the earliest slot is next.", "The closure of each upcoming appointment is next.",
/// "A referral of the patient is due."), a new object ("A new appointment with the first doctor
/// is next.") or anything else is an order written as a state. The tool's own change, once, and
/// a subject said not to come ("No fee is due") pass.
pub(super) fn change_scheduled(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    for c in 1..clause.len() {
        if !(is_word(clause[c], COPULAS) || is_word(clause[c], &["becomes", "stays", "remains"])) {
            continue;
        }
        let rest = &clause[c + 1..];
        let placed = rest
            .iter()
            .take(3)
            .take_while(|x| x.kind == Kind::Word)
            .find(|x| is_word(x, SCHEDULED))
            .or_else(|| {
                rest.iter()
                    .take(5)
                    .take_while(|x| x.kind == Kind::Word)
                    .find(|x| is_word(x, &["queue", "step", "steps", "turn"]))
            });
        let Some(said) = placed else {
            continue;
        };
        // "the next 7 days" is a span of time, a value ("The default window is the next 7 days")
        let after = rest
            .iter()
            .skip_while(|x| !std::ptr::eq(*x, said))
            .skip(1)
            .copied()
            .collect::<Vec<_>>();
        let span = is_word(said, &["next"]) && amount_of_time(&after);
        // the subject: from the last comma before "is", or from further back when that phrase
        // is one put in ("The reservation, of the earliest slot, is next"); a relative clause
        // inside it has its own "is" ("A booking of each slot that is open on Monday is next")
        let mut starts = std::iter::once(0).chain(
            (0..c)
                // ("where 1 means the patient is next": the subject follows "means")
                .filter(|&j| {
                    clause[j].kind == Kind::Comma
                        || crate::lang::predicates::finite(clause, j, false)
                        || is_word(clause[j], &["means", "where"])
                })
                .map(|j| j + 1),
        );
        let Some(start) = starts.rfind(|&s| {
            s < c
                && clause[s].kind == Kind::Word
                && !is_word(clause[s], PREPOSITIONS)
                && !is_word(clause[s], crate::lang::predicates::RELATIVES)
        }) else {
            continue;
        };
        let subject = &clause[start..c];
        if is_word(subject[0], &["no", "none", "not", "nothing"]) {
            continue;
        }
        // the head: the last word before a preposition, a relative word or a comma, past a modal
        // or an adverb ("The appointment must be pending")
        let head = subject
            .iter()
            .take_while(|x| {
                x.kind == Kind::Word
                    && !is_word(x, PREPOSITIONS)
                    && !is_word(x, crate::lang::predicates::RELATIVES)
            })
            .filter(|x| !is_word(x, MODALS) && !is_word(x, MID_ADVERBS))
            .last()
            .copied();
        let Some(head) = head else {
            continue;
        };
        let act = named_act(std::slice::from_ref(&head)).map(|(_, base)| base);
        if span && act.is_none() {
            continue;
        }
        let at = subject
            .iter()
            .position(|x| std::ptr::eq(*x, head))
            .unwrap_or(0);
        // put in a sequence: next, due, queued, in a queue, a turn or a step
        // (money is due, and a thing "due for" a review is in its state)
        if is_word(said, &["due"]) && is_word(head, MONEY) {
            continue;
        }
        let due = is_word(said, &["due"])
            && !rest
                .iter()
                .skip_while(|x| !std::ptr::eq(*x, said))
                .nth(1)
                .is_some_and(|x| is_word(x, &["for"]));
        let sequence = is_word(said, &["next", "queued", "queue", "turn", "step", "steps"]) || due;
        let step = rest.iter().take(5).any(|x| is_word(x, &["step", "steps"]));
        let comes = if is_word(head, VALUE_HEADS) || is_word(head, MAY_COME) {
            // a value, a person or an object as it stands; a new object, or a change it names
            // picked, scoped or put in a sequence, comes ("The booking of the slot is pending"
            // is the appointment's state; "The booking of the first slot is pending" picks)
            (is_word(head, MADE)
                && subject.iter().any(|x| is_word(x, NEW_ONE))
                && !made_here(subject, head, effects, mutates, sequence))
                || act.is_some() && (subject.iter().any(|x| is_word(x, ANOTHER_CHANGE)) || sequence)
        } else {
            // anything else said to come in a sequence, or with its object ("A reservation of
            // the first slot is pending"); a step is a place or service ("the ambulance is the
            // next step") and a required field may be any value ("The severity of the complaint
            // is required")
            // (of anything else, only "next" and "queued" order it: a deposit is due, a request
            // is in a queue)
            !is_word(said, &["required", "needed"])
                && if act.is_some() {
                    sequence || an_act(subject, at)
                } else {
                    !step && is_word(said, &["next", "queued"])
                }
        };
        let own = act.is_some_and(|base| owns(subject, base, effects, mutates));
        if comes && !own {
            push(
                out,
                Rule::Effects,
                said,
                format!(
                    "\"{}\" is said to be \"{}\": only a value, a fee, a person or the clinic's objects as they stand are said to come; a change or a new object said to come is an order written as a state",
                    head.text, said.text
                ),
            );
            return;
        }
    }
}

/// The one new appointment a booking tool makes, in its state ("the new appointment is
/// pending" in book_appointment): the tool's own change, not a second one to make. Another, a
/// second or an extra one, or one put in a sequence ("is next"), still comes.
fn made_here(
    subject: &[&Tok],
    head: &Tok,
    effects: &[&'static str],
    mutates: bool,
    sequence: bool,
) -> bool {
    mutates
        && !sequence
        && effects.contains(&"book")
        && effects.contains(&"create")
        && is_word(head, &["appointment", "booking", "visit"])
        && subject
            .iter()
            .filter(|x| is_word(x, NEW_ONE))
            .all(|x| is_word(x, &["new"]))
}

/// The first word of `phrase` that names a change as a thing ("booking", "move", "cancellation",
/// "escalation"), with its place and the change's verb.
fn named_act(phrase: &[&Tok]) -> Option<(usize, &'static str)> {
    phrase.iter().enumerate().find_map(|(i, t)| {
        if t.kind != Kind::Word {
            return None;
        }
        change_noun(&t.text).map(|base| (i, base))
    })
}

/// The change at `at` is an act, not the thing it made: it has its object or a word of its kind
/// ("a booking of the earliest slot", "a second booking").
fn an_act(phrase: &[&Tok], at: usize) -> bool {
    phrase.iter().any(|x| is_word(x, ANOTHER_CHANGE))
        || phrase
            .get(at + 1)
            .is_some_and(|x| is_word(x, &["of", "to", "with"]))
}

/// The change is the tool's own, once, on its own object.
fn owns(phrase: &[&Tok], base: &str, effects: &[&'static str], mutates: bool) -> bool {
    mutates
        && effects.contains(&base)
        && !phrase.iter().any(|x| {
            is_word(
                x,
                &[
                    "second", "another", "new", "other", "each", "every", "any", "same", "next",
                    "extra", "further", "more",
                ],
            )
        })
}

/// A label set to yes: a change ("Booking of the earliest slot by the caller: true.") is an
/// order, and a person's role or state ("Staff of the clinic: true.") a claim about the caller.
/// Neither is what a value is; the tool's own change as a label passes ("Booking: true" in
/// book_appointment).
pub(super) fn label_set_true(
    toks: &[Tok],
    text: &str,
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    for (i, t) in toks.iter().enumerate() {
        if !matches!(t.text.to_ascii_lowercase().as_str(), "true" | "yes")
            || !text[..t.start].trim_end_matches([' ', '`']).ends_with(':')
            || toks.get(i + 1).is_some_and(|x| x.kind == Kind::Word)
        {
            continue;
        }
        // (the label is its own phrase: "(default: true)" in a longer sentence labels nothing
        // before its bracket)
        let label: Vec<&Tok> = toks[..i]
            .iter()
            .rev()
            .skip_while(|x| x.kind == Kind::Stop)
            .take_while(|x| x.kind == Kind::Word || x.kind == Kind::Ident)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let order =
            named_act(&label).is_some_and(|(_, base)| !owns(&label, base, effects, mutates));
        let person = label
            .iter()
            .any(|x| is_word(x, CALLERS) || is_word(x, &["staff", "doctor", "nurse", "admin"]));
        if order || person {
            push(
                out,
                if order {
                    Rule::Effects
                } else {
                    Rule::Directive
                },
                t,
                format!(
                    "a label set to \"{}\" states {}: a text says what a value is",
                    t.text,
                    if order {
                        "a change to make"
                    } else {
                        "who the caller is"
                    }
                ),
            );
            return;
        }
    }
}

/// A change named as a thing and given as a purpose: "for" before it, with its owner, or with
/// its object and a pick or scope ("Get one appointment for its cancellation.", "… for a
/// reservation of the first slot"), or a new object with its object ("… for a new appointment
/// with the first doctor"). It orders the change; the tool's own change, once, is its effect;
/// "open slots for booking" and "the fee for a booking of a video visit" name a topic.
pub(super) fn purpose_change(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    for k in 0..clause.len() {
        if !is_word(clause[k], &["for"]) {
            continue;
        }
        let phrase: Vec<&Tok> = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word)
            .copied()
            .collect();
        let Some(at) = phrase
            .iter()
            .position(|x| !is_word(x, DETERMINERS) && !is_word(x, NEW_ONE))
        else {
            continue;
        };
        let head = phrase[at];
        // (with its object or owner: "a slot open for a new booking" names neither)
        let owner = phrase[..at].iter().any(|x| is_word(x, &["its", "their"]));
        let object = phrase
            .get(at + 1)
            .is_some_and(|x| is_word(x, &["of", "to", "with"]));
        let made_new =
            is_word(head, MADE) && phrase[..at].iter().any(|x| is_word(x, NEW_ONE)) && object;
        let change = change_noun(&head.text);
        // (picked or scoped too: "the fee for a booking of a video visit" names a topic)
        let marked = phrase.iter().any(|x| is_word(x, ANOTHER_CHANGE));
        // … or a definite change, or one of a definite object, and not a money's or a time's
        // topic: "Get one appointment for the cancellation of it", "Id of the appointment, for
        // the cancellation of the appointment", "List the specialties for a referral of the
        // patient"; "the fee for the booking of a slot" names what the fee is for
        let definite = |x: &Tok| is_word(x, &["the", "this", "that", "it", "them", "its"]);
        let pointed = phrase[..at].iter().any(|x| definite(x))
            || phrase.get(at + 2).is_some_and(|x| definite(x));
        let topic = k > 0 && is_word(clause[k - 1], TOPICS);
        let acted = change.is_some() && (owner || object && (marked || (pointed && !topic)));
        let own = change.is_some_and(|base| owns(&phrase, base, effects, mutates));
        if (acted && !own) || made_new {
            push(
                out,
                Rule::Effects,
                head,
                format!(
                    "\"for … {}\" gives a change as the purpose: an order to make it; a text says what the tool does and returns",
                    head.text
                ),
            );
            return;
        }
    }
}

/// What a change can be the topic of, right before "for": money, a time, a rule, a reason
/// ("the fee for the booking of a slot", "the deadline for the cancellation of a visit").
pub(super) const TOPICS: &[&str] = &[
    "fee", "fees", "price", "prices", "cost", "costs", "charge", "charges", "refund", "refunds",
    "deposit", "date", "dates", "time", "times", "deadline", "window", "rules", "terms", "policy",
    "reason", "reasons",
];

/// A changing tool's change said to reach more objects after "with" ("Cancel one appointment of
/// the patient, with each other appointment on the same day.", "Join the waiting list of one
/// doctor, with the waiting list of each other doctor."): a change makes its one declared
/// change.
pub(super) fn with_more(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    if !mutates {
        return;
    }
    for k in 0..clause.len() {
        if !is_word(clause[k], &["with"]) {
            continue;
        }
        let phrase: Vec<&Tok> = clause[k + 1..]
            .iter()
            .take(7)
            .take_while(|x| x.kind == Kind::Word)
            .copied()
            .collect();
        let scoped = phrase.iter().any(|x| is_word(x, SCOPE));
        let object = phrase
            .iter()
            .any(|x| is_word(x, MADE) || is_word(x, &["list", "lists"]));
        // … or a second change with its object ("with a booking of the first open slot"; "a
        // notification to the patient" names a person)
        let second = phrase
            .iter()
            .position(|x| !is_word(x, DETERMINERS))
            .is_some_and(|at| {
                change_noun(&phrase[at].text).is_some_and(|base| !effects.contains(&base))
                    && phrase.get(at + 1).is_some_and(|x| is_word(x, &["of"]))
            });
        // … or a second object of its own kind, pointed at ("Book an open slot for the patient,
        // with the slot after it"; "with another open slot" is the one it moves to, "with its
        // slot" a part of its one object, "with the same slot" and "with the new slot" the one
        // it takes)
        let pointed = phrase
            .first()
            .is_some_and(|x| is_word(x, &["the", "this", "that", "these", "those", "both"]))
            && !phrase.get(1).is_some_and(|x| is_word(x, &["same", "new"]))
            && phrase
                .iter()
                .skip(1)
                .take_while(|x| {
                    !is_word(x, PREPOSITIONS)
                        && !is_word(x, &["and", "or"])
                        && verb(&x.text)
                            .is_none_or(|(_, _, f)| !matches!(f, Form::Third | Form::Past))
                })
                .last()
                .is_some_and(|x| is_word(x, MADE));
        if (scoped && object) || second || pointed {
            push(
                out,
                Rule::Effects,
                clause[k],
                if second {
                    "\"with\" a second change and its object: a changing tool makes its one declared change".to_owned()
                } else {
                    "\"with\" each or every other object: the change reaches more than its one object; a changing tool makes its one declared change".to_owned()
                },
            );
            return;
        }
    }
}

/// Does the tool's change free a slot (cancel, reject, reschedule)? Only then is a slot said to
/// open.
pub(super) fn frees(effects: &[&str]) -> bool {
    effects
        .iter()
        .any(|e| matches!(*e, "cancel" | "reject" | "release" | "reschedule"))
}
