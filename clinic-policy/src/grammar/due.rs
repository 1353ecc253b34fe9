//! An act handed to the reader as a state of a thing: "each pending one over a day old is due for
//! rejection", "each confirmed one is ready for a cancellation", "the pending ones are in line for
//! a move", "the rejection of each pending one is now due", "each one is set to be cancelled".
//! A thing said to be due, ready, marked or queued for an act is the next step given to whoever
//! reads the answer: an order written as a state. The contract sets no deadline and no queue of
//! acts; a record is what its status says. What a status waits for is a gloss, not an order:
//! "pending: the doctor has not yet confirmed or rejected it", "a pending appointment waits for
//! the doctor's confirmation". A changing tool's own act said of its own one object is its
//! effect ("Id of the slot chosen for the booking" on book_appointment).

use super::effects::TOPICS;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that say a thing has reached, or is put in line for, an act that is still to come:
/// "due for", "ready for", "marked for", "up for", "next for", "due to be …".
const READY: &[&str] = &[
    "due",
    "overdue",
    "ready",
    "ripe",
    "up",
    "marked",
    "set",
    "queued",
    "slated",
    "scheduled",
    "earmarked",
    "flagged",
    "tagged",
    "listed",
    "lined",
    "destined",
    "bound",
    "primed",
    "next",
    "selected",
    "chosen",
    "picked",
    "targeted",
    "designated",
    "meant",
    "candidate",
    "candidates",
    "slotted",
];

/// The places of a thing in a line of acts: "in line for", "in the queue for", "on the list for".
const LINES: &[&str] = &["line", "queue", "list", "track", "turn"];

/// Words that say an act itself is now owed: "the rejection is due", "a cancellation is next".
const OWED: &[&str] = &["due", "overdue", "next"];

/// Verbs that say a thing lacks an act: "needs a rejection", "calls for a cancellation".
const LACKS: &[&str] = &[
    "needs", "need", "requires", "require", "warrants", "warrant", "merits", "merit", "deserves",
    "deserve", "demands", "demand",
];

/// Verbs that say a thing waits for an act: "waits for", "awaits", "waiting for".
const WAITS: &[&str] = &["waits", "wait", "waiting", "awaits", "await", "awaiting"];

/// Adverbs that may stand in a predicate: "is now due", "is thus ready", "is also up".
const ADVERBS: &[&str] = &[
    "now",
    "then",
    "also",
    "already",
    "thus",
    "so",
    "still",
    "all",
    "each",
    "both",
    "soon",
    "first",
    "automatically",
    "always",
];

/// The act named by the noun phrase from `k` on: its determiners, possessives ("the doctor's")
/// and up to two other words before a noun of a change ("a quick rejection", "the final
/// cancellation"); the noun's change and its place.
fn act_at(clause: &[&Tok], k: usize) -> Option<(usize, &'static str)> {
    let mut others = 0;
    for (i, t) in clause.iter().enumerate().skip(k).take(6) {
        if t.kind != Kind::Word || is_word(t, PREPOSITIONS) || is_word(t, &["and", "or"]) {
            return None;
        }
        // (a payment owed is money, read with the fees: "Payment of the fee is due at the visit")
        if let Some(base) = change_noun(&t.text).filter(|b| *b != "pay") {
            return Some((i, base));
        }
        if !(is_word(t, DETERMINERS) || t.possessive) {
            others += 1;
            if others > 2 {
                return None;
            }
        }
    }
    None
}

/// Whether the act is said with its doer, a person: "the doctor's confirmation", "confirmation
/// by the doctor", "a rejection from the doctor".
fn by_a_person(clause: &[&Tok], k: usize, act: usize) -> bool {
    clause[k..act]
        .iter()
        .any(|t| t.possessive && is_word(t, PEOPLE))
        || is_word_at(clause, act + 1, &["by", "from", "of"])
            && clause[act + 2..]
                .iter()
                .take(3)
                .take_while(|t| t.kind == Kind::Word)
                .any(|t| is_word(t, PEOPLE))
}

/// The word before `k` that says what is said to be ready, past adverbs and a copula.
fn subject_before<'a>(clause: &[&'a Tok], k: usize) -> Option<&'a Tok> {
    clause[..k]
        .iter()
        .rev()
        .find(|t| !is_word(t, ADVERBS) && !is_word(t, &["is", "are", "be", "been", "being"]))
        .copied()
}

/// Whether the act is the changing tool's own, on its one object: no other, every or further one.
fn own(clause: &[&Tok], base: &str, effects: &[&'static str], mutates: bool) -> bool {
    mutates
        && effects.contains(&base)
        && !clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "each", "every", "all", "any", "other", "another", "second", "more", "further",
                    "old", "older", "oldest", "ones", "over",
                ],
            )
        })
}

/// An act handed to the reader as a state, in the clause `clauses[n]`: see the module's text.
/// When that clause is a bare label ("Due: rejection"), the clause after it is read as its value.
pub(super) fn act_due(
    clauses: &[Vec<&Tok>],
    n: usize,
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let clause = &clauses[n];
    let mut hit: Option<(&Tok, &'static str)> = None;
    for (k, t) in clause.iter().enumerate() {
        if hit.is_some() {
            break;
        }
        // the thing said ready is no money, time, reason or rule ("the fee due for a late
        // cancellation", "the reason set for the rejection"), nor one a person set or chose
        // ("the reason the doctor chose for the rejection")
        let subject = subject_before(clause, k);
        let active = subject.is_some_and(|s| is_word(s, PEOPLE))
            && (t.text.ends_with("ed") || is_word(t, &["set", "chosen"]))
            && clause[..k].iter().any(|x| is_word(x, TOPICS));
        let topic = active || subject.is_some_and(|s| is_word(s, TOPICS));
        // "due for …", "ready for …", "in line for …", "on the list for …"
        let ready = is_word(t, READY)
            || is_word(t, LINES)
                && clause[k.saturating_sub(3)..k]
                    .iter()
                    .any(|x| is_word(x, &["in", "on"]));
        if ready
            && !topic
            && is_word_at(clause, k + 1, &["for"])
            && let Some((a, base)) = act_at(clause, k + 2)
        {
            hit = Some((clause[a], base));
            continue;
        }
        // "is due a rejection", "overdue a cancellation"
        if is_word(t, &["due", "overdue"])
            && !topic
            && !is_word_at(clause, k + 1, &["to", "for"])
            && let Some((a, base)) = act_at(clause, k + 1)
        {
            hit = Some((clause[a], base));
            continue;
        }
        // "due to be rejected", "ready to cancel", "set to be moved" (not "due to a rejection",
        // a cause, nor "set to cancelled", a status)
        if is_word(t, READY) && !topic && is_word_at(clause, k + 1, &["to"]) {
            let be = is_word_at(clause, k + 2, &["be", "get"]);
            let at = if be { k + 3 } else { k + 2 };
            if let Some(v) = clause.get(at)
                && let Some((base, VerbClass::Effect, form)) = verb(&v.text)
                && (form == Form::Base && !be || be && form == Form::Participle)
            {
                hit = Some((v, base));
                continue;
            }
        }
        // the act itself owed: "the rejection of each pending one is due", "a cancellation is
        // next", "with a rejection due", "a due cancellation"
        // (a payment owed is money, read with the fees: "Payment of the fee is due at the visit")
        if let Some(base) = change_noun(&t.text).filter(|b| *b != "pay") {
            // (its "of" phrase between: "the cancellation of each pending one is now due")
            let mut j = k + 1;
            if is_word_at(clause, j, &["of"]) {
                while j < clause.len()
                    && j < k + 8
                    && clause[j].kind == Kind::Word
                    && !is_word(clause[j], &["is", "are"])
                {
                    j += 1;
                }
            }
            let copula = is_word_at(clause, j, &["is", "are", "becomes", "become"]);
            let mut p = if copula { j + 1 } else { k + 1 };
            while is_word_at(clause, p, ADVERBS) {
                p += 1;
            }
            let owed = is_word_at(clause, p, OWED)
                && !is_word_at(clause, p + 1, &["to", "step"])
                && (copula || !is_word(clause[p], &["next"]))
                // (a following noun is what is owed: "a cancellation fee due")
                && (copula || p == k + 1);
            let before = k > 0 && is_word(clause[k - 1], &["due", "overdue"]);
            if owed || before {
                hit = Some((t, base));
                continue;
            }
        }
        // "needs a rejection", "awaits cancellation": what a thing lacks or waits for, with no
        // doer to give it; a wait for the doctor's answer is a pending status's gloss ("waits
        // for the doctor's confirmation"), a wait for another act a step handed on
        let lacks = is_word(t, LACKS);
        let waits = is_word(t, WAITS);
        if (lacks || waits) && !topic {
            let at = if is_word_at(clause, k + 1, &["for", "on"]) {
                k + 2
            } else {
                k + 1
            };
            if let Some((a, base)) = act_at(clause, at) {
                let answer = matches!(base, "confirm" | "reject");
                let doer = by_a_person(clause, at, a);
                if lacks && !doer || waits && !answer {
                    hit = Some((clause[a], base));
                }
            }
        }
    }
    // a bare label: "Due: rejection", "Next: a cancellation of each pending one"
    if hit.is_none()
        && (1..=2).contains(&clause.len())
        && is_word(clause[0], OWED)
        && clause.get(1).is_none_or(|t| is_word(t, ADVERBS))
        && let Some(after) = clauses.get(n + 1)
        && let Some((a, base)) = act_at(after, 0)
    {
        hit = Some((after[a], base));
    }
    let Some((t, base)) = hit else {
        return;
    };
    if own(clause, base, effects, mutates) {
        return;
    }
    push(
        out,
        Rule::Directive,
        t,
        format!(
            "\"{}\" said to be due, ready or in line: an act handed to the reader as a state of a thing is an order; a status is said as itself, or as waiting for the doctor's answer",
            t.text
        ),
    );
}

/// Words before "for" that give what a thing is for: a copula or a verb of purpose ("is for
/// rejection", "is meant for a review … and its rejection", "serves for a check …").
const PURPOSE: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "meant",
    "intended",
    "designed",
    "made",
    "built",
    "serves",
    "serve",
    "served",
    "used",
    "exists",
    "exist",
    "there",
    "kept",
    "given",
    "provided",
    "offered",
    "here",
    "reserved",
    "earmarked",
];

/// Verbs that hand an act to a thing as its object: "gets a rejection", "receives a cancellation",
/// "undergoes a move", "faces escalation".
const GETS: &[&str] = &[
    "gets",
    "get",
    "getting",
    "receives",
    "receive",
    "receiving",
    "undergoes",
    "undergo",
    "undergoing",
    "faces",
    "face",
    "facing",
    "incurs",
    "incur",
    "earns",
    "earn",
    "attracts",
    "attract",
    "suffers",
    "suffer",
];

/// Participles that say an act named as a noun was carried out: "with its cancellation made",
/// "the move done", "its intake taken".
const DONE: &[&str] = &[
    "made",
    "done",
    "taken",
    "performed",
    "completed",
    "complete",
    "carried",
    "executed",
    "finished",
    "applied",
    "processed",
    "handled",
    "effected",
    "filed",
    "lodged",
    "submitted",
    "recorded",
    "issued",
    "sent",
    "placed",
];

/// Adverbs that add an act after another: "then moved", "thereupon closed", "also cancelled".
const THEN: &[&str] = &[
    "then",
    "thereupon",
    "afterwards",
    "afterward",
    "after",
    "subsequently",
    "next",
    "also",
    "likewise",
    "automatically",
    "thereby",
    "later",
    "too",
];

/// The act a noun names, read as a thing whose making is an act ("its intake made" is an
/// intake recorded): a noun of a change, or an intake.
fn act_named(t: &Tok) -> Option<&'static str> {
    if is_word(t, &["intake", "intakes"]) {
        return Some("record");
    }
    change_noun(&t.text).filter(|b| API_ACTS.contains(b))
}

/// The acts of the clinic API on its records, and the removal or closing of one: what an agent
/// can be handed to do (a notification, a hold or a place on a list is no act of this server,
/// and is read where a text promises it).
const API_ACTS: &[&str] = &[
    "book",
    "reserve",
    "reschedule",
    "move",
    "cancel",
    "confirm",
    "reject",
    "record",
    "submit",
    "escalate",
    "remove",
    "delete",
    "erase",
    "purge",
    "drop",
    "close",
    "mark",
    "assign",
    "end",
];

/// The records an act of the API is done on, as the thing before its participle ("with its
/// intake removed", "with each pending one closed"); a value ("the status `cancelled`") or a
/// text's characters ("control characters removed") is no record.
const RECORDS: &[&str] = &[
    "intake",
    "intakes",
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "visit",
    "visits",
    "patient",
    "patients",
    "doctor",
    "doctors",
    "one",
    "ones",
    "escalation",
    "escalations",
];

/// An answer of the doctor with its doer, which a pending status waits for ("for the doctor's
/// confirmation", "then confirmed or rejected by the doctor"): a gloss of `pending`.
fn doctors_answer(clause: &[&Tok], from: usize, at: usize, base: &str) -> bool {
    matches!(base, "confirm" | "reject")
        && (by_a_person(clause, from, at)
            || clause[at + 1..]
                .iter()
                .take(6)
                .take_while(|t| t.kind == Kind::Word)
                .any(|t| is_word(t, PEOPLE)))
}

/// An act handed to the reader by its purpose or as what a thing gets, and a second act added
/// as done, read over the whole clause:
/// - a thing said to be FOR an act, or an act anywhere in what it is meant for ("each pending
///   one over a day old is for rejection", "The list is meant for a review of each pending one
///   and its rejection", "so that each urgent one is escalated");
/// - a thing said to GET an act ("a pending one over a day old gets a rejection");
/// - an act said done besides the tool's own: a participle of an act after "then" ("the
///   patient then moved to another doctor", "read then marked as seen"), an act's noun with
///   "made/done/taken" ("with its cancellation made", "with its intake made"), or "with" a
///   thing and the participle of an act on it ("with its intake removed").
///
/// A changing tool's own act on its one object is its effect; a money's, a time's or a rule's
/// topic ("the fee is for a late cancellation"), a value's purpose ("the slot id, used for
/// booking") and the doctor's answer a pending one waits for ("is for the doctor's
/// confirmation") are no act handed on.
pub(super) fn act_handed(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let mine = |base: &str| own(clause, base, effects, mutates);
    // (the course of a pending one: "`pending` until the doctor confirms or rejects it, then
    // `confirmed` or `rejected`")
    let course = clause
        .iter()
        .any(|x| is_word(x, &["until", "till", "pending"]));
    let mut hit: Option<(&Tok, &'static str)> = None;
    for (k, t) in clause.iter().enumerate() {
        // a purpose: "is for …", "meant for …", "so that …", "in order to …"
        let purpose_for = is_word(t, &["for"])
            && k > 0
            && clause[..k]
                .iter()
                .rev()
                .find(|x| !is_word(x, ADVERBS) && !is_word(x, &["only", "mainly", "chiefly"]))
                .is_some_and(|x| is_word(x, PURPOSE))
            && subject_before(clause, k.saturating_sub(1))
                .is_none_or(|s| !is_word(s, TOPICS) && !is_word(s, DONE));
        let so_that = is_word(t, &["that"]) && k > 0 && is_word(clause[k - 1], &["so"])
            || is_word(t, &["order"])
                && k > 0
                && is_word(clause[k - 1], &["in"])
                && is_word_at(clause, k + 1, &["to", "that"]);
        // (a value's purpose is what the value is for, no act handed on: "The slot id, used for
        // booking", "Id of the new appointment, used for a later cancellation")
        let of_a_value = clause[..k].iter().any(|x| {
            is_word(
                x,
                &[
                    "id",
                    "ids",
                    "key",
                    "keys",
                    "value",
                    "values",
                    "number",
                    "numbers",
                    "token",
                    "code",
                    "codes",
                    "reference",
                ],
            ) || x.kind == Kind::Ident
                && ["_id", "_ids", "_key"]
                    .iter()
                    .any(|e| x.text.trim_matches('`').ends_with(e))
        });
        if (purpose_for || so_that) && !of_a_value {
            let found = clause.iter().enumerate().skip(k + 1).find_map(|(j, x)| {
                let base = act_named(x).or_else(|| match verb(&x.text) {
                    Some((b, VerbClass::Effect, _)) if so_that && API_ACTS.contains(&b) => Some(b),
                    _ => None,
                })?;
                (!mine(base) && !doctors_answer(clause, k + 1, j, base)).then_some((*x, base))
            });
            if found.is_some() {
                hit = found;
                break;
            }
        }
        // what a thing gets: "gets a rejection", "receives a cancellation"
        if is_word(t, GETS)
            && subject_before(clause, k).is_none_or(|s| !is_word(s, TOPICS))
            && !is_word_at(clause, k + 1, &["no", "not"])
            && !clause[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["never", "no", "nobody"]))
            && let Some((a, base)) = act_at(clause, k + 1)
            && API_ACTS.contains(&base)
            // (a noun after it names a thing, not the act: "a confirmation email")
            && clause.get(a + 1).is_none_or(|n| {
                n.kind != Kind::Word || is_word(n, PREPOSITIONS) || is_word(n, &["and", "or"])
            })
            && !mine(base)
            && !doctors_answer(clause, k + 1, a, base)
        {
            hit = Some((clause[a], base));
            break;
        }
        // a second act said done: "then moved", "then marked as seen"
        if k > 0
            && is_word(clause[k - 1], THEN)
            && let Some((base, VerbClass::Effect, Form::Participle | Form::Past)) = verb(&t.text)
            && API_ACTS.contains(&base)
            && !effects.contains(&base)
            && !(matches!(base, "confirm" | "reject") && course)
            && !doctors_answer(clause, k, k, base)
        {
            hit = Some((t, base));
            break;
        }
        // an act's noun said done: "with its cancellation made", "the move done"
        if is_word(t, DONE)
            && k > 0
            && let Some(base) = (1..=2)
                .filter_map(|b| k.checked_sub(b))
                .take_while(|&j| j + 1 == k || is_word(clause[j + 1], ADVERBS))
                .find_map(|j| act_named(clause[j]))
            && !is_word_at(clause, k + 1, &["by", "of", "for", "to", "from"])
            && !mine(base)
        {
            hit = Some((t, base));
            break;
        }
        // "with" a thing and an act on it: "with its intake removed"
        if is_word(t, &["with"]) {
            let phrase: Vec<&Tok> = clause[k + 1..]
                .iter()
                .take(6)
                .take_while(|x| x.kind == Kind::Word && !is_word(x, &["and", "or"]))
                .copied()
                .collect();
            let done = phrase.iter().enumerate().skip(1).find_map(|(i, x)| {
                let (base, class, form) = verb(&x.text)?;
                let noun_before = is_word(phrase[i - 1], RECORDS) && !phrase[i - 1].possessive;
                (class == VerbClass::Effect
                    && API_ACTS.contains(&base)
                    && matches!(form, Form::Participle | Form::Past)
                    && noun_before
                    && !effects.contains(&base)
                    && !phrase.get(i + 1).is_some_and(|n| {
                        is_word(
                            n,
                            &[
                                "one",
                                "ones",
                                "appointment",
                                "appointments",
                                "slot",
                                "slots",
                            ],
                        )
                    }))
                .then_some((*x, base))
            });
            if done.is_some() {
                hit = done;
                break;
            }
        }
    }
    let Some((t, _)) = hit else {
        return;
    };
    push(
        out,
        Rule::Directive,
        t,
        format!(
            "\"{}\": an act given as what a thing is for or gets, or said done besides the tool's own, is an act handed to the reader; a text says what the tool does and returns",
            t.text
        ),
    );
}

/// Predicates that say an act is fitting, called for or to be expected: "a rejection is in
/// order", "a cancellation is called for", "a booking is advisable", "is the right step".
const FITTING: &[&str] = &[
    "appropriate",
    "fitting",
    "advisable",
    "advised",
    "recommended",
    "warranted",
    "proper",
    "sensible",
    "wise",
    "prudent",
    "best",
    "expected",
    "customary",
    "usual",
    "standard",
    "normal",
    "needed",
    "necessary",
    "required",
    "indicated",
    "suitable",
    "apt",
    "justified",
    "mandatory",
    "compulsory",
    "obligatory",
    "inevitable",
    "certain",
    "automatic",
    "likely",
    "imminent",
];

/// Verbs whose object is what a thing comes to: "ends in", "leads to", "results in", "turns
/// into", "is followed by", "culminates in", "triggers", "brings", "means".
const OUTCOME: &[&str] = &[
    "end",
    "lead",
    "result",
    "turn",
    "culminate",
    "finish",
    "terminate",
    "conclude",
    "convert",
    "follow",
    "trigger",
    "entail",
    "mean",
    "imply",
    "bring",
    "prompt",
    "cause",
    "invite",
    "draw",
    "head",
    "go",
    "pass",
    "give",
    "wind",
    "close",
    "resolve",
    "develop",
    "evolve",
    "progress",
    "escalate",
];

/// The particles between an outcome verb and what it comes to ("ends in", "leads to", "ends up
/// with", "gives way to", "is followed by").
const TOWARD: &[&str] = &[
    "in", "into", "to", "with", "up", "as", "by", "on", "way", "at", "for", "toward", "towards",
];

/// Verbs an appointment is said to lapse by: "lapses", "expires", "times out", "falls away".
const LAPSE: &[&str] = &[
    "lapse",
    "lapses",
    "expire",
    "expires",
    "voids",
    "dies",
    "vanishes",
    "disappears",
    "autocancels",
];

/// Whether a word is one of the inflections of a verb of a list of bases ("ends", "ended",
/// "ending" of "end"; "led" of "lead"; "brought" of "bring").
fn of_verbs(t: &Tok, bases: &[&str]) -> bool {
    let w = t.text.to_lowercase();
    let irregular = [
        ("led", "lead"),
        ("brought", "bring"),
        ("went", "go"),
        ("gone", "go"),
        ("goes", "go"),
        ("gave", "give"),
        ("given", "give"),
        ("drawn", "draw"),
        ("drew", "draw"),
        ("meant", "mean"),
        ("wound", "wind"),
    ];
    if let Some((_, b)) = irregular.iter().find(|(f, _)| *f == w) {
        return bases.contains(b);
    }
    bases.iter().any(|b| {
        w == *b
            || w.strip_suffix('s') == Some(b)
            || w.strip_suffix("es") == Some(b)
            || w.strip_suffix("ed") == Some(b)
            || w.strip_suffix('d') == Some(b)
            || w.strip_suffix("ing") == Some(b)
            || w.strip_suffix("ing").map(|s| format!("{s}e")).as_deref() == Some(b)
    })
}

/// An appointment by the nouns a text names it with ("a pending one", "the bookings").
const APPOINTMENT_NOUNS: &[&str] = &[
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "one",
    "ones",
    "visit",
    "visits",
];

/// An act of the API said due, fitting or bound to happen to a thing, read over the clause in
/// any order: the act (a noun, or a participle after the verb) as what is "in order", "called
/// for", "advisable" or "expected" ("for each pending one over a day old, a rejection is in
/// order", "it is fitting to reject it"), as what a thing "ends in", "leads to", "results in",
/// "turns into" or "is followed by" ("a pending one over a week old ends in a cancellation",
/// "each pending one ends up rejected"), or an appointment said to lapse by itself ("a pending
/// one lapses after a week", "is cancelled automatically"). Nothing in the contract acts on
/// its own: a pending appointment stays pending until its doctor confirms or rejects it, and no
/// act is owed to any record. The tool's own act on its one object, the doctor's answer with
/// its doer or both answers together ("ends in a confirmation or a rejection"), a hedge ("may
/// end in a cancellation") and a denial ("never lapses") pass.
pub(super) fn act_fitting(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let n = clause.len();
    if clause.iter().any(|x| {
        is_word(x, NEGATIONS)
            || is_word(
                x,
                &[
                    "no", "nothing", "nobody", "may", "might", "can", "could", "until", "till",
                    "unless", "if", "whether",
                ],
            )
    }) {
        return;
    }
    let acts: Vec<&'static str> = clause.iter().filter_map(|x| act_named(x)).collect();
    // (both answers of the doctor: the course of a pending one, no act handed on)
    if acts.contains(&"confirm") && acts.contains(&"reject") {
        return;
    }
    let allowed = |clause: &[&Tok], at: usize, from: usize, base: &str| {
        !own(clause, base, effects, mutates) && !doctors_answer(clause, from, at, base)
    };
    let mut hit: Option<(&Tok, &str)> = None;
    // the act as a fitting thing: "<act> is in order", "<act> is called for", "it is fitting
    // to <act>"
    for (k, t) in clause.iter().enumerate() {
        let in_order = is_word(t, &["order"])
            && k > 0
            && is_word(clause[k - 1], &["in"])
            && !is_word_at(clause, k + 1, &["to", "that", "of", "by", "from"]);
        let called_for = is_word(t, &["called", "asked"]) && is_word_at(clause, k + 1, &["for"]);
        let fitting = is_word(t, FITTING);
        let step = is_word(
            t,
            &["step", "course", "move", "thing", "rule", "norm", "outcome"],
        ) && k > 0
            && is_word(
                clause[k - 1],
                &[
                    "right", "next", "usual", "normal", "proper", "expected", "best", "natural",
                ],
            );
        if !(in_order || called_for || fitting || step) {
            continue;
        }
        // (a copula before it, past adverbs: "is now in order", "would be called for")
        let start = if in_order || step { k - 1 } else { k };
        let mut c = start;
        while c > 0 && is_word(clause[c - 1], ADVERBS) {
            c -= 1;
        }
        while c > 0 && is_word(clause[c - 1], &["the", "a", "an"]) {
            c -= 1;
        }
        let copula = c > 0
            && is_word(
                clause[c - 1],
                &[
                    "is", "are", "be", "becomes", "become", "seems", "seem", "looks", "remains",
                    "stays",
                ],
            );
        // (the act: the subject before the copula, within its phrase, or after "to" when the
        // subject is "it"/"this": "it is advisable to cancel them")
        let subject = if copula {
            clause[..c - 1]
                .iter()
                .enumerate()
                .rev()
                .take_while(|(_, x)| x.kind == Kind::Word)
                .take(8)
                .find_map(|(j, x)| act_named(x).map(|b| (j, b)))
        } else {
            None
        };
        let after = || {
            (k + 1..n).take(4).find_map(|j| {
                let b = act_named(clause[j]).or_else(|| match verb(&clause[j].text) {
                    Some((b, VerbClass::Effect, Form::Base)) if API_ACTS.contains(&b) => Some(b),
                    _ => None,
                })?;
                Some((j, b))
            })
        };
        let it = copula && c > 1 && is_word(clause[c - 2], &["it", "this", "that"]);
        let found = subject.or_else(|| {
            (it && is_word_at(clause, k + 1, &["to"]))
                .then(after)
                .flatten()
        });
        if let Some((j, b)) = found
            && allowed(clause, j, j.min(k), b)
        {
            hit = Some((clause[j], b));
            break;
        }
    }
    // what a thing comes to: "ends in a cancellation", "leads to its rejection", "ends up
    // rejected", "is followed by a cancellation"
    if hit.is_none() {
        for (k, t) in clause.iter().enumerate() {
            // (said of a record of this server: an appointment, a booking, "a pending one")
            let of_a_record = clause[..k].iter().any(|x| {
                is_word(x, APPOINTMENT_NOUNS)
                    || is_word(x, &["slot", "slots", "it", "each", "every"])
            });
            if !of_verbs(t, OUTCOME) || !of_a_record {
                continue;
            }
            let mut p = k + 1;
            while p < n && p < k + 4 && is_word(clause[p], TOWARD) {
                p += 1;
            }
            // (a verb with its object right after it: "triggers a cancellation"; an
            // intransitive one needs its particle: "ends in", "leads to")
            let direct = of_verbs(
                t,
                &[
                    "trigger", "entail", "mean", "imply", "bring", "prompt", "cause", "invite",
                    "draw",
                ],
            );
            if p == k + 1 && !direct {
                continue;
            }
            let Some(x) = clause.get(p) else { continue };
            let participle = match verb(&x.text) {
                Some((b, VerbClass::Effect, Form::Participle | Form::Past))
                    if API_ACTS.contains(&b) =>
                {
                    Some((p, b))
                }
                _ => None,
            };
            let found =
                participle.or_else(|| act_at(clause, p).filter(|(_, b)| API_ACTS.contains(b)));
            if let Some((j, b)) = found
                && allowed(clause, j, p, b)
            {
                hit = Some((clause[j], b));
                break;
            }
        }
    }
    // an appointment said to lapse by itself: "a pending one lapses after a week", "a
    // pending one is cancelled automatically", "cancels itself"
    if hit.is_none() {
        let record = clause
            .iter()
            .any(|x| is_word(x, APPOINTMENT_NOUNS) || is_word(x, &["reservation", "reservations"]));
        let by_itself = clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "automatically",
                    "itself",
                    "themselves",
                    "own",
                    "auto",
                    "unattended",
                    "silently",
                ],
            )
        });
        let keyish = clause.iter().any(|x| {
            is_word(
                x,
                &["key", "keys", "idempotency", "token", "tokens", "session"],
            )
        });
        if record && !keyish {
            hit = clause.iter().enumerate().find_map(|(k, x)| {
                if is_word(x, LAPSE)
                    || is_word(x, &["times", "timed", "time"])
                        && is_word_at(clause, k + 1, &["out"])
                    || is_word(x, &["falls", "fall", "drops", "drop", "runs", "run"])
                        && is_word_at(clause, k + 1, &["away", "off", "out", "through"])
                {
                    return Some((*x, "end"));
                }
                if by_itself
                    && let Some((b, VerbClass::Effect, _)) = verb(&x.text)
                    && API_ACTS.contains(&b)
                    && !own(clause, b, effects, mutates)
                {
                    return Some((*x, b));
                }
                None
            });
        }
    }
    let Some((t, _)) = hit else {
        return;
    };
    // (a clause another reading already refused keeps that reading's message)
    if out
        .iter()
        .any(|v| clause.iter().any(|x| v.range == (x.start..x.end)))
    {
        return;
    }
    push(
        out,
        Rule::Directive,
        t,
        format!(
            "\"{}\": an act of the API said due, fitting or bound to happen to a thing (in order, called for, ends in, leads to, lapses): nothing in the contract acts on its own; a pending appointment stays pending until its doctor confirms or rejects it",
            t.text
        ),
    );
}
