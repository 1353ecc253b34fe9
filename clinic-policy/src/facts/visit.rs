//! What each changing act does to the appointment's doctor, slot and clinic, beside the
//! statuses of `LIFECYCLE`, and which values the clinic API computes rather than takes.
//!
//! | act        | slot it takes                         | doctor after                | clinic after            |
//! |------------|---------------------------------------|-----------------------------|-------------------------|
//! | book       | any open slot, of any doctor, any day | the slot's doctor           | the slot's doctor's     |
//! | reschedule | any open slot, of any doctor, any day | the new slot's doctor       | the new slot's doctor's |
//! | escalate   | keeps its slot                        | the oncall doctor of the appointment's clinic (`NO_ONCALL_DOCTOR` when none: no other clinic) | unchanged |
//! | confirm, reject, cancel, intake | keeps its slot   | unchanged                   | unchanged               |
//!
//! A patient has no clinic: an appointment belongs to its doctor's. The triage level is computed
//! by the API from the severity alone; the oncall doctor (and so the clinic and the doctor of an
//! escalated appointment) and a moved appointment's doctor are the API's to set, not a caller's.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The acts after which the appointment has another doctor than before.
const DOCTOR_CHANGING: &[&str] = &["escalate", "reschedule", "move"];

/// The acts that take an open slot: any open slot, of any doctor, on any day.
const SLOT_TAKING: &[&str] = &["book", "reschedule", "move"];

/// Words that mark a doctor as the appointment's earlier one ("its first doctor", "the same
/// doctor", "the appointment's own doctor").
const EARLIER: &[&str] = &[
    "first", "original", "previous", "former", "old", "own", "current", "usual",
];

/// Words that say the doctor changes, or that the earlier doctor is gone.
const CHANGE_SAID: &[&str] = &[
    "not", "never", "no", "longer", "instead", "from", "replaces", "replaced", "changes",
    "changed", "leaves", "loses", "becomes", "none", "without",
];

/// The units of a window of days that narrows a slot ("within 7 days"); a key's window is in
/// hours.
const DAY_UNITS: &[&str] = &["day", "days", "week", "weeks", "month", "months"];

/// "the same doctor or another", "of the same doctor or of any other": the scope named with
/// its alternative is no narrowing.
fn or_another(clause: &[&Tok]) -> bool {
    clause.iter().enumerate().any(|(k, t)| {
        is_word(t, &["or"])
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["another", "other", "any", "different"]))
    })
}

/// Scopes of a day or a place that narrow the open slot an act takes.
const SCOPE_NOUNS: &[&str] = &[
    "doctor",
    "clinic",
    "day",
    "date",
    "week",
    "month",
    "specialty",
    "zone",
    "city",
];

/// One reading per class of what the acts do to the appointment's doctor, slot and clinic, on
/// one clause of a text of `tool` (`effects`: the acts of a changing tool; `param_head`: the
/// clause opens a parameter's description; `toks`: the whole text).
pub(crate) fn visit_misstated(
    clause: &[&Tok],
    toks: &[Tok],
    tool: &str,
    param_head: bool,
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    doctor_kept(clause, effects, out);
    doctor_reassigned(clause, effects, out);
    patient_changed(clause, out);
    escalated_kept(clause, tool, effects, out);
    slot_scope_narrowed(clause, effects, out);
    if effects
        .iter()
        .any(|e| DOCTOR_CHANGING.contains(e) || SLOT_TAKING.contains(e))
    {
        patient_clinic(clause, out);
    }
    oncall_elsewhere(clause, toks, effects, out);
    oncall_of_a_kind(clause, effects, out);
    oncall_everywhere(clause, out);
    priority_from_intake(clause, toks, out);
    if param_head {
        computed_taken(clause, effects, out);
    }
    triage_from_more(clause, toks, out);
    triage_by_condition(clause, toks, out);
}

/// A triage level said to hold under a condition other than the severity ("routine when the
/// symptoms have lasted 0 days", "urgent if the symptoms text is short"), in a text of the
/// triage level: the clinic API computes it from the severity alone (8 or more urgent, 5 or
/// more elevated, else routine). A priority's level ("urgent after the escalation") is another
/// value.
fn triage_by_condition(clause: &[&Tok], toks: &[Tok], out: &mut Vec<Violation>) {
    if !toks.iter().any(|x| is_word(x, &["triage"]))
        || clause.iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(
                    x,
                    &[
                        "priority",
                        "priorities",
                        "escalation",
                        "escalated",
                        "escalate",
                        "escalates",
                    ],
                )
        })
    {
        return;
    }
    let hit = (0..clause.len()).find(|&l| {
        if !is_word(clause[l], &super::TRIAGE_LEVELS)
            || !is_word_at(clause, l + 1, &["when", "if", "whenever", "once", "while"])
        {
            return false;
        }
        let condition: Vec<&Tok> = clause[l + 2..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .copied()
            .collect();
        !condition.is_empty()
            && !condition
                .iter()
                .any(|x| is_word(x, &["severity", "severe", "score", "rating", "it"]))
    });
    if let Some(l) = hit {
        push(
            out,
            Rule::Effects,
            clause[l],
            "a triage level said to hold under a condition other than the severity: the clinic API computes it from the severity alone".to_owned(),
        );
    }
}

/// After an act that changes the doctor, the earlier doctor said to stay ("the appointment
/// keeps its first doctor", "with the same doctor and the new slot", "the doctor it had",
/// "still with its first doctor"): the moved appointment has the new slot's doctor, the
/// escalated one the oncall doctor.
fn doctor_kept(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    if !effects.iter().any(|e| DOCTOR_CHANGING.contains(e)) {
        return;
    }
    if clause.iter().any(|t| is_word(t, CHANGE_SAID))
        || or_another(clause)
        // ("of any doctor", "another doctor": the slot's doctor is any one)
        || clause.windows(2).any(|w| {
            is_word(w[0], &["any", "another", "other", "new"]) && is_word(w[1], &["doctor"])
        })
    {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // (the doctor who makes the change is the one before it: "only the appointment's current
        // doctor may escalate it")
        let acts = is_word_at(clause, k + 1, MODALS)
            || clause.get(k + 1).is_some_and(|x| {
                verb(&x.text).is_some_and(|(v, _, _)| effects.contains(&v))
            });
        is_word(t, &["doctor"])
            && !acts
            && (k >= 1 && is_word_at(clause, k - 1, EARLIER)
                || k >= 2 && is_word_at(clause, k - 2, EARLIER) && is_word_at(clause, k - 1, &["doctor", "appointment"])
                // "the doctor it had"
                || is_word_at(clause, k + 1, &["it", "that"]) && is_word_at(clause, k + 2, &["had", "has"]))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the earlier doctor said to stay: a moved appointment has the new slot's doctor, an escalated one the oncall doctor of its clinic".to_owned(),
        );
    }
}

/// The doctor an act gives the appointment, when it changes it: the escalation the oncall
/// doctor of the appointment's clinic, a move the doctor of the new slot.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Given {
    Oncall,
    NewSlot,
    Slot,
}

fn doctor_given(effects: &[&str]) -> Option<Given> {
    if effects.contains(&"escalate") {
        Some(Given::Oncall)
    } else if effects.iter().any(|e| matches!(*e, "reschedule" | "move")) {
        Some(Given::NewSlot)
    } else if effects.contains(&"book") {
        Some(Given::Slot)
    } else {
        None
    }
}

/// Does `x` (the whole phrase) name the doctor `given` names: "the oncall doctor [of the (same)
/// clinic | of its clinic | of the clinic of the appointment]", "the doctor of the [new | other]
/// slot"; never another doctor ("the doctor who escalates", "a doctor of another clinic", "the
/// doctor of the patient").
fn is_given(x: &[&Tok], given: Given) -> bool {
    let words: Vec<&str> = x.iter().map(|t| t.text.as_str()).collect();
    let mut w: &[&str] = &words;
    if w.first() == Some(&"the") {
        w = &w[1..];
    }
    if w.first() == Some(&"new") {
        w = &w[1..];
    }
    match given {
        Given::Oncall => {
            let Some(rest) = w.strip_prefix(&["oncall", "doctor"][..]) else {
                return false;
            };
            matches!(
                rest,
                [] | ["of", "the", "clinic"]
                    | ["of", "the", "same", "clinic"]
                    | ["of", "its", "clinic"]
                    | ["of", "this", "clinic"]
                    | ["of", "the", "clinic", "of", "the", "appointment"]
            )
        }
        Given::NewSlot | Given::Slot => matches!(
            w,
            ["doctor", "of", "the" | "its", "slot"]
                | ["doctor", "of", "the" | "its", "new" | "other", "slot"]
        ),
    }
}

/// Words that open a clause of its own, after which the appointment's doctor stands as its
/// subject ("…, and its doctor changes", "so the doctor of the appointment is …").
const SUBJECT_LINKS: &[&str] = &["and", "but", "so", "because", "whereupon", "meaning"];

/// Words before "appointment" in a subject of its own ("the cancelled appointment", "each
/// pending appointment").
const APPOINTMENT_DETERMINERS: &[&str] = &[
    "the",
    "this",
    "that",
    "each",
    "every",
    "an",
    "its",
    "their",
    "your",
    "cancelled",
    "confirmed",
    "rejected",
    "booked",
    "escalated",
    "moved",
    "rescheduled",
    "pending",
    "urgent",
    "patient",
];

/// Participles of a doctor changed or given, after a copula ("its doctor is changed to …", "the
/// appointment is handed to …").
const CHANGED_TO: &[&str] = &[
    "changed",
    "switched",
    "set",
    "updated",
    "reassigned",
    "reallocated",
    "transferred",
    "moved",
    "turned",
    "replaced",
    "handed",
    "passed",
    "given",
    "assigned",
    "sent",
    "routed",
    "rerouted",
    "forwarded",
    "redirected",
    "allocated",
    "referred",
    "escalated",
    "shifted",
];

/// Verbs of a change of hands without a copula ("its doctor switches to …", "the appointment
/// goes to …").
const CHANGES_TO: &[&str] = &[
    "changes",
    "changed",
    "switches",
    "switched",
    "turns",
    "turned",
    "shifts",
    "shifted",
    "moves",
    "moved",
    "passes",
    "passed",
    "goes",
    "went",
    "transfers",
    "transferred",
    "falls",
    "fell",
    "returns",
    "reverts",
];

/// Participles that say the doctor changes with no doctor after them ("the appointment is
/// reassigned", "its doctor is replaced").
const CHANGED_BARE: &[&str] = &[
    "changed",
    "switched",
    "reassigned",
    "reallocated",
    "transferred",
    "replaced",
    "updated",
];

/// The phrase from `from` to `end`, cut before a link that opens a clause or a verb of its own
/// ("the oncall doctor and keeps its slot": "the oncall doctor").
fn phrase_to<'a, 'b>(clause: &'b [&'a Tok], from: usize, end: usize) -> &'b [&'a Tok] {
    let cut = (from..end)
        .find(|&j| {
            is_word(
                clause[j],
                &["and", "but", "or", "so", "then", "while", "whereas"],
            ) && clause[j + 1..end].iter().any(|n| {
                is_word(n, COPULAS)
                    || is_word(n, MODALS)
                    || n.kind == Kind::Word
                        && verb(&n.text)
                            .is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
            })
        })
        .unwrap_or(end);
    &clause[from.min(cut)..cut]
}

/// The doctor said after `at` ("to the oncall doctor", "over to …", "by the doctor of …"), up
/// to a comma: `Some(&[])` when nothing stands there.
fn doctor_after<'a, 'b>(clause: &'b [&'a Tok], at: usize, end: usize) -> Option<&'b [&'a Tok]> {
    // (by whom: only a replacement says the doctor after "by", "escalated by its doctor" does not)
    let replaced = at > 0 && is_word(clause[at - 1], &["replaced", "succeeded"]);
    let mut at = past_mid_adverbs(&clause[..end], at);
    if is_word_at(clause, at, &["over", "on", "back", "across"]) && at < end {
        at += 1;
    }
    if at >= end {
        return Some(&clause[end..end]);
    }
    if is_word_at(clause, at, &["to", "into", "onto"])
        || replaced && is_word_at(clause, at, &["by", "with"])
    {
        let x = phrase_to(clause, at + 1, end);
        return crate::lang::predicates::names_a_doctor(x).then_some(x);
    }
    None
}

/// The verb that says what becomes of the doctor (or the appointment) named just before `v`:
/// over a certain future or a finished change ("will then be", "has been", "gets"), a copula
/// and what it says, a participle and its doctor, or a verb of change. `(verb, doctor, bare)`:
/// `bare` when the change is said with no doctor; `role`: the doctor is the subject, not the
/// appointment (which also says "the appointment is the oncall doctor"-less things).
fn change_said<'a, 'b>(
    clause: &'b [&'a Tok],
    v: usize,
    end: usize,
    role: bool,
) -> Option<(&'a Tok, &'b [&'a Tok], bool)> {
    let mut v = past_mid_adverbs(&clause[..end], v);
    if is_word_at(clause, v, &["will", "shall"]) {
        v = past_mid_adverbs(&clause[..end], v + 1);
    }
    if is_word_at(clause, v, &["has", "have"]) {
        let n = past_mid_adverbs(&clause[..end], v + 1);
        if is_word_at(clause, n, &["been", "become"]) || is_word_at(clause, n, CHANGED_TO) {
            v = if is_word_at(clause, n, CHANGED_TO) {
                n - 1
            } else {
                n
            };
        }
    }
    let verb = *clause.get(v).filter(|_| v < end)?;
    let passive =
        is_word(verb, COPULAS) || is_word(verb, &["been", "gets", "get", "got", "has", "have"]);
    if passive {
        let p = past_mid_adverbs(&clause[..end], v + 1);
        if is_word_at(clause, p, CHANGED_TO) && p < end {
            let x = doctor_after(clause, p + 1, end)?;
            if !x.is_empty() {
                return Some((clause[p], x, false));
            }
            let bare = is_word_at(clause, p, CHANGED_BARE)
                || is_word_at(clause, p, &["handed", "passed"])
                    && is_word_at(clause, p + 1, &["over", "on"]);
            return bare.then_some((clause[p], x, true));
        }
        if !role && is_word(verb, &["gets", "get", "got", "has", "have"]) {
            // "the appointment gets a new doctor", "… gets the oncall doctor as its doctor"
            let x = phrase_to(clause, p, end);
            if is_word_at(clause, p, &["a", "an"])
                && is_word_at(clause, p + 1, &["new", "different", "second", "other"])
                && is_word_at(clause, p + 2, &["doctor"])
                || is_word_at(clause, p, &["another"]) && is_word_at(clause, p + 1, &["doctor"])
            {
                return Some((verb, &clause[end..end], true));
            }
            let head = x.iter().position(|t| is_word(t, &["doctor"]));
            let fits = head.is_some_and(|h| {
                h <= 3
                    && (h + 1 == x.len()
                        || is_word_at(x, h + 1, &["of", "as", "who", "from", "in", "on"]))
            });
            return (fits && crate::lang::predicates::names_a_doctor(x))
                .then_some((verb, x, false));
        }
        if role && !is_word(verb, &["gets", "get", "got", "has", "have"]) {
            let x = phrase_to(clause, p, end);
            return crate::lang::predicates::names_a_doctor(x).then_some((verb, x, false));
        }
        return None;
    }
    if is_word(verb, CHANGES_TO) {
        let x = doctor_after(clause, v + 1, end);
        // (a role's "changes" says it of the doctor; an appointment that moves moves to a slot)
        return match x {
            Some(x) if x.is_empty() => (role
                && is_word(verb, &["changes", "changed", "switches", "switched"]))
            .then_some((verb, x, true)),
            Some(x) => Some((verb, x, false)),
            None if role
                && is_word(verb, &["changes", "changed"])
                && is_word_at(clause, past_mid_adverbs(&clause[..end], v + 1), &["to"]) =>
            {
                let to = past_mid_adverbs(&clause[..end], v + 1);
                Some((verb, phrase_to(clause, to + 1, end), false))
            }
            None => None,
        };
    }
    None
}

/// The appointment's doctor said to change, to become or to be one doctor ("The oncall doctor
/// becomes the doctor of the appointment", "The doctor of the appointment changes to the doctor
/// of the new slot", "its doctor is then …", "The appointment is handed to the oncall doctor",
/// "The appointment gets a new doctor", "Doctor of the appointment after the escalation: the
/// oncall doctor of the clinic"): only a tool whose act changes the doctor says so, and only to
/// the doctor that act gives (the escalation: the oncall doctor of the same clinic; a move: the
/// new slot's doctor).
pub(crate) fn doctor_reassigned(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let ends = |from: usize| {
        (from..clause.len())
            .find(|&i| clause[i].kind == Kind::Comma)
            .unwrap_or(clause.len())
    };
    // a stretch's end: its next comma, or past a comma before adverbs ("is, from then on, …")
    let stretch = |from: usize| {
        let mut e = ends(from);
        while e < clause.len() && past_mid_adverbs(clause, e) > e {
            e = ends(past_mid_adverbs(clause, e));
        }
        e
    };
    for a in 0..clause.len() {
        let role = crate::lang::predicates::doctor_role_at(clause, a);
        // the appointment itself as the subject: "the appointment is handed to …", "it goes to …"
        let appointment = role.is_none()
            && is_word(
                clause[a],
                &["appointment", "appointments", "visit", "booking", "it"],
            )
            && !is_word_at(clause, a + 1, &["of"])
            && !clause[a].possessive;
        if role.is_none() && !appointment {
            continue;
        }
        // (the role's own start, or the subject of its own clause: not the tail of a longer
        // phrase, "the patient's doctor of …", nor the object of a preposition or of a verb, nor
        // a condition's subject, "when its doctor is …")
        let opens = |s: usize| {
            s == 0
                || clause[s - 1].kind != Kind::Word
                || is_word(clause[s - 1], SUBJECT_LINKS)
                || is_word(clause[s - 1], MID_ADVERBS)
        };
        // (what an escalated or a moved appointment is said to have is read against that act,
        // on any tool: "An escalated appointment moves to the oncall doctor")
        let mut qualified = None;
        if appointment {
            // "it", or "the (cancelled) appointment" as a subject of its own
            let mut s = a;
            while s > 0 && is_word(clause[s - 1], APPOINTMENT_DETERMINERS) {
                s -= 1;
            }
            if !(is_word(clause[a], &["it"]) || s < a && is_word(clause[s], DETERMINERS))
                || !opens(s)
            {
                continue;
            }
            if clause[s..a].iter().any(|t| is_word(t, &["escalated"])) {
                qualified = Some(Given::Oncall);
            } else if clause[s..a]
                .iter()
                .any(|t| is_word(t, &["moved", "rescheduled"]))
            {
                qualified = Some(Given::NewSlot);
            }
        } else if a > 0
            && clause[a - 1].kind == Kind::Word
            && !is_word(clause[a - 1], COPULAS)
            && !(is_word(clause[a], &["its", "the", "this"]) && opens(a))
        {
            continue;
        }
        let b = role.unwrap_or(a + 1);
        let end = stretch(b);
        let said: Option<(&Tok, &[&Tok], bool)> =
            if let Some(s) = change_said(clause, b, end, role.is_some()) {
                Some(s)
            // the role as the predicate: "X is the doctor of the appointment", to its end
            } else if role.is_some() && a > 0 && {
                let mut c = a;
                while c > 0 && is_word(clause[c - 1], MID_ADVERBS) {
                    c -= 1;
                }
                c > 0 && is_word(clause[c - 1], COPULAS) && past_mid_adverbs(clause, b) == ends(a)
            } {
                let mut c = a;
                while is_word(clause[c - 1], MID_ADVERBS) {
                    c -= 1;
                }
                let from = clause[..c - 1]
                    .iter()
                    .rposition(|t| t.kind == Kind::Comma)
                    .map_or(0, |k| k + 1);
                let mut from = from;
                while from < c - 1
                    && (is_word(clause[from], SUBJECT_LINKS) || is_word(clause[from], MID_ADVERBS))
                {
                    from += 1;
                }
                let mut to = c - 1;
                while to > from
                    && (is_word(clause[to - 1], MID_ADVERBS)
                        || is_word(clause[to - 1], &["will", "shall"]))
                {
                    to -= 1;
                }
                Some((clause[c - 1], &clause[from..to], false))
            } else {
                None
            };
        let Some((verb, x, bare)) = said else {
            continue;
        };
        let Some(given) = qualified.or_else(|| doctor_given(effects)) else {
            // ("its doctor is the same doctor": the earlier one, said to stay)
            if is_word(verb, COPULAS)
                && x.iter()
                    .any(|t| is_word(t, EARLIER) || is_word(t, &["same", "unchanged"]))
            {
                continue;
            }
            push(
                out,
                Rule::Effects,
                verb,
                "the appointment's doctor said to change or to be one doctor: only the escalation (to the oncall doctor of its clinic) and the move (to the new slot's doctor) change it, and this tool makes neither".to_owned(),
            );
            return;
        };
        // ("The doctor of the appointment changes.", "… is reassigned": so it does, after an
        // escalation or a move; a booking gives the appointment its first doctor)
        if (bare || x.is_empty() && !is_word(verb, COPULAS)) && given != Given::Slot {
            continue;
        }
        if !is_given(x, given) {
            push(
                out,
                Rule::Effects,
                verb,
                match given {
                    Given::Oncall => "the escalated appointment's doctor said to be another than the oncall doctor of the appointment's clinic, whom the escalation gives it",
                    Given::NewSlot => "the moved appointment's doctor said to be another than the doctor of the new slot, whom the move gives it",
                    Given::Slot => "the appointment's doctor said to change or to be one doctor: only the escalation (to the oncall doctor of its clinic) and the move (to the new slot's doctor) change it, and this tool makes neither; a booking gives the slot's doctor",
                }
                .to_owned(),
            );
            return;
        }
    }
}

/// The appointment's patient said to change ("The patient of the appointment changes", "its
/// patient changes to …"): no act gives an appointment to another patient.
fn patient_changed(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let role = k >= 4
            && is_word(clause[k - 4], &["patient"])
            && is_word(clause[k - 3], &["of"])
            && is_word(clause[k - 2], &["the", "this", "its"])
            && is_word(clause[k - 1], &["appointment"])
            || k >= 2 && is_word(clause[k - 2], &["its"]) && is_word(clause[k - 1], &["patient"]);
        role && is_word(t, &["changes", "changed"])
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the appointment's patient said to change: no act gives an appointment to another patient".to_owned(),
        );
    }
}

/// An appointment the doctor escalated said to stay the doctor's to list, confirm or reject
/// ("or of one the doctor escalated", "escalated by the doctor"): the escalation gives it to
/// the oncall doctor, and only the appointment's doctor acts on it.
fn escalated_kept(clause: &[&Tok], tool: &str, effects: &[&str], out: &mut Vec<Violation>) {
    // (the doctor's own acts and schedule; who escalated an appointment is otherwise history)
    let doctors_own =
        effects.iter().any(|e| matches!(*e, "confirm" | "reject")) || tool.contains("schedule");
    if !doctors_own || clause.iter().any(|t| is_word(t, CHANGE_SAID)) {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["escalated"])
            && (is_word_at(clause, k + 1, &["by"])
                && is_word_at(clause, k + 2, &["the", "them", "you"])
                || k >= 1 && is_word_at(clause, k - 1, &["doctor", "they", "you"]))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "an appointment the doctor escalated said to stay the doctor's: the escalation gives it to the oncall doctor".to_owned(),
        );
    }
}

/// The open slot a booking or a move takes narrowed ("of the same doctor", "of the same
/// clinic", "on the same day", "within 7 days", "in the next 14 days", "a later open slot"):
/// the act takes any open slot, of any doctor, on any day.
fn slot_scope_narrowed(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    if !effects.iter().any(|e| SLOT_TAKING.contains(e)) || or_another(clause) {
        return;
    }
    let Some(s) = clause.iter().position(|t| is_word(t, &["slot", "slots"])) else {
        return;
    };
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // ("the same doctor" is left to the doctor's own readings: a move may keep it)
        let scoped = is_word(t, &["same", "own"])
            && !(is_word(t, &["same"]) && is_word_at(clause, k + 1, &["doctor"]))
            && !(k >= 2 && is_word_at(clause, k - 2, &["at"]))
            && (is_word_at(clause, k + 1, SCOPE_NOUNS)
                || is_word_at(clause, k + 1, &["appointment"])
                    && is_word_at(clause, k + 2, SCOPE_NOUNS));
        // "within 7 days", "in the next 14 days", after the slot
        // (a replay's window is the key's: "the same key and slot within one day")
        // (another tool's window, said in its relative clause, is not the act's)
        let window = k > s
            && !super::answers::of_a_named_tool(clause, k)
            && !clause.iter().any(|x| {
                is_word(
                    x,
                    &["key", "keys", "request", "requests", "retry", "retries"],
                )
            })
            && is_word(t, &["within", "next"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, DAY_UNITS));
        // "a later open slot", "an earlier slot"
        let order =
            k < s && s - k <= 2 && is_word(t, &["later", "earlier", "sooner", "nearer", "closer"]);
        scoped || window || order
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the open slot narrowed: a booking or a move takes any open slot, of any doctor and clinic, on any day".to_owned(),
        );
    }
}

/// A clinic said to be a patient's ("the patient's own clinic", "the clinic of the patient"):
/// a patient has no clinic; an appointment belongs to its doctor's clinic.
fn patient_clinic(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["patient", "patients"])
            && (is_word_at(clause, k + 1, &["clinic"])
                || is_word_at(clause, k + 1, &["own", "home", "usual"])
                    && is_word_at(clause, k + 2, &["clinic"])
                || k >= 3
                    && is_word_at(clause, k - 1, &["the", "a", "its"])
                    && is_word_at(clause, k - 2, &["of"])
                    && is_word_at(clause, k - 3, &["clinic"])
                    && !is_word_at(
                        clause,
                        k + 1,
                        &["appointment", "appointments", "doctor", "visit"],
                    ))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a clinic said to be a patient's: a patient has no clinic; an appointment belongs to its doctor's clinic".to_owned(),
        );
    }
}

/// The escalation said to reach past the appointment's clinic ("or of another clinic", "of the
/// nearest clinic", "of the same clinic when it has one"): with nobody on call there, the API
/// answers `NO_ONCALL_DOCTOR`; it gives no appointment to another clinic.
fn oncall_elsewhere(clause: &[&Tok], toks: &[Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let of_escalation = effects.contains(&"escalate")
        || clause
            .iter()
            .any(|t| is_word(t, &["oncall", "escalation", "escalated", "escalate"]));
    if !of_escalation {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // ("an appointment of another clinic" is the appointment's clinic, not the oncall's)
        let of_the_visit = (1..=4).any(|d| {
            k >= d && is_word_at(clause, k - d, &["appointment", "appointments", "patient", "patients"])
        });
        let other = is_word(t, &["clinic", "clinics"])
            && !of_the_visit
            && (1..=2).any(|d| {
                k >= d
                    && is_word_at(
                        clause,
                        k - d,
                        &[
                            "another", "other", "next", "nearest", "nearby", "neighbouring",
                            "neighboring", "different", "second", "closest", "any",
                        ],
                    )
            })
            // ("never to another clinic", "no other clinic")
            && !(1..=4).any(|d| k >= d && (is_word_at(clause, k - d, NEGATIONS) || is_word_at(clause, k - d, &["no"])));
        // "of the same clinic when it has one": otherwise somewhere else
        let if_any = is_word(t, &["when", "if"])
            && is_word_at(clause, k + 1, &["it", "clinic", "there"])
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["has", "is"]))
            && clause[k + 1..].iter().take(5).any(|x| is_word(x, &["one", "any"]))
            && !toks.iter().any(|x| {
                x.text.eq_ignore_ascii_case("no_oncall_doctor")
                    || is_word(x, &["none", "otherwise", "error"])
            });
        other || if_any
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the escalation said to reach another clinic: it goes to the oncall doctor of the appointment's clinic, and NO_ONCALL_DOCTOR answers when it has none".to_owned(),
        );
    }
}

/// A noun of a kind of doctor at `k` ("specialty", "specialist", "cardiologist", "the same
/// kind"), not one that says any kind ("of any specialty").
fn kind_of_doctor(clause: &[&Tok], k: usize) -> bool {
    let t = clause[k];
    if t.kind != Kind::Word {
        return false;
    }
    let before =
        |n: usize, list: &[&str]| (1..=n).any(|d| k >= d && is_word_at(clause, k - d, list));
    // (a kind left open: "of another specialty", "any specialty")
    if before(
        3,
        &[
            "any",
            "whatever",
            "every",
            "all",
            "no",
            "another",
            "other",
            "different",
        ],
    ) {
        return false;
    }
    match t.text.as_str() {
        // ("Oncall doctor (id, name, specialty)", "with its specialty", "with name and
        // specialty": a field of the doctor)
        "specialty" | "specialties" | "speciality" | "specialities" => {
            let a_field = (1..=3).any(|d| k >= d && clause[k - d].kind == Kind::Comma)
                || before(2, &["and", "name", "id"])
                || k > 0
                    && is_word_at(clause, k - 1, &["its", "their", "his", "her"])
                    && before(2, &["with"]);
            before(4, &["same"]) || before(3, &["of", "with", "in"]) && !a_field
        }
        "kind" | "kinds" | "field" | "type" => before(4, &["same"]),
        "physician" | "physicians" | "clinician" | "clinicians" => false,
        w => crate::vocabulary::is_specialist(w),
    }
}

/// The escalation's doctor given an attribute beyond the appointment's clinic ("the oncall
/// doctor of the same specialty", "the oncall cardiologist", "an escalated one is with a
/// doctor of the same specialty"): the API gives the appointment to the one oncall doctor of
/// its clinic, whatever that doctor's specialty.
fn oncall_of_a_kind(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let of_escalation = effects.contains(&"escalate")
        || clause.iter().any(|t| {
            is_word(
                t,
                &["oncall", "escalation", "escalated", "escalate", "urgent"],
            )
        });
    if !of_escalation || clause.iter().any(|t| is_word(t, NEGATIONS)) {
        return;
    }
    if let Some(k) = (0..clause.len()).find(|&k| kind_of_doctor(clause, k)) {
        push(
            out,
            Rule::Effects,
            clause[k],
            "the escalation's doctor given a kind: the API gives the appointment to the oncall doctor of its clinic, whatever that doctor's specialty".to_owned(),
        );
    }
}

/// Every clinic said to have an oncall doctor ("each clinic has an oncall doctor", "one at
/// every clinic", "the clinic has a doctor oncall at every hour"): one clinic has none, and
/// an escalation there answers `NO_ONCALL_DOCTOR`. A condition ("when the clinic has one") or
/// a denial is no such claim.
fn oncall_everywhere(clause: &[&Tok], out: &mut Vec<Violation>) {
    if !clause.iter().any(|t| is_word(t, &["oncall"]))
        || clause
            .iter()
            .any(|t| is_word(t, NEGATIONS) || is_word(t, &["no", "nobody"]))
        // (a cap, "at most one oncall doctor", says no clinic has two)
        || clause
            .windows(2)
            .any(|w| is_word(w[0], &["at"]) && is_word(w[1], &["most"]))
    {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        if !is_word(t, &["clinic", "clinics"]) {
            return false;
        }
        let every = k >= 1
            && (is_word_at(clause, k - 1, &["each", "every", "all"])
                || is_word_at(clause, k - 1, &["per"])
                    && !clause.iter().any(|x| is_word(x, &["most"])));
        // "the clinic has a doctor oncall", said of the clinic as a fact, not a condition
        let has = clause[k + 1..]
            .iter()
            .take(2)
            .position(|x| is_word(x, &["has", "have"]))
            .is_some_and(|h| {
                clause[k + 2 + h..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, &["oncall"]))
            })
            && !clause[..k].iter().rev().take(3).any(|x| {
                is_word(
                    x,
                    &["when", "if", "unless", "whether", "where", "while", "once"],
                )
            });
        every || has
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "every clinic said to have an oncall doctor: one clinic has none, and an escalation there answers NO_ONCALL_DOCTOR".to_owned(),
        );
    }
}

/// Words that tie one value to another.
const TIED: &[&str] = &[
    "same",
    "follows",
    "follow",
    "matches",
    "match",
    "mirrors",
    "equals",
    "tracks",
    "copies",
    "from",
    "sets",
    "set",
    "gives",
    "raises",
    "makes",
    "decides",
    "determines",
    "drives",
];

/// The appointment's priority said to follow the intake's triage level ("urgent when the
/// intake is urgent", "the appointment has the same priority", "elevated when the intake is
/// elevated"): only the escalation sets the priority, to urgent; the triage level changes
/// nothing.
fn priority_from_intake(clause: &[&Tok], toks: &[Tok], out: &mut Vec<Violation>) {
    let level = |x: &Tok| is_word(x, &super::TRIAGE_LEVELS) || is_word(x, super::PRIORITIES);
    if clause.iter().any(|t| {
        is_word(t, NEGATIONS)
            || is_word(
                t,
                &[
                    "whatever",
                    "regardless",
                    "independent",
                    "separate",
                    "apart",
                    "unrelated",
                ],
            )
    }) {
        return;
    }
    // "urgent when the intake is urgent": a level of the appointment under a level of the intake
    let conditioned = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["when", "if", "whenever", "once", "while"])
            && clause[..k]
                .iter()
                .any(|x| level(x) || is_word(x, &["priority"]))
            && !clause[..k].iter().any(|x| is_word(x, &["triage"]))
            && clause[k + 1..]
                .iter()
                .take(4)
                .position(|x| is_word(x, &["intake", "triage"]))
                .is_some_and(|i| {
                    clause[k + 2 + i..]
                        .iter()
                        .take(3)
                        .enumerate()
                        .any(|(j, x)| {
                            is_word(x, &["is", "was", "are"])
                                && clause[k + 2 + i..].get(j + 1).is_some_and(|l| level(l))
                        })
                })
    });
    // "the appointment has the same priority", in a text of the triage level
    let tied = clause
        .iter()
        .find(|t| is_word(t, &["priority", "priorities"]))
        .filter(|_| {
            clause.iter().any(|x| is_word(x, TIED))
                // ("the priority is set by the escalation only", "the priority stays the same")
                && !clause.iter().any(|x| {
                    is_word(x, &["escalation", "escalate", "escalated", "escalates", "oncall"])
                        || is_word(x, &["stays", "stay", "keeps", "kept", "remains", "unchanged"])
                })
                && (clause.iter().any(|x| is_word(x, &["triage", "intake"]))
                    || toks.iter().any(|x| is_word(x, &["triage"])))
        });
    if let Some(t) = conditioned.map(|(_, t)| *t).or(tied.copied()) {
        push(
            out,
            Rule::Effects,
            t,
            "the priority said to follow the intake's triage level: only the escalation sets it, to urgent; the triage level changes nothing".to_owned(),
        );
    }
}

/// A parameter said to carry a value the API computes for the act: the triage level of an
/// intake ("Triage level to record"), the doctor or the clinic an escalation or a move gives
/// the appointment to ("Id of the oncall doctor to give the appointment to").
fn computed_taken(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let computed: &[&str] = if effects.iter().any(|e| matches!(*e, "record" | "submit")) {
        &["triage"]
    } else if effects.contains(&"escalate") {
        &["doctor", "doctors", "clinic", "clinics", "oncall"]
    } else if effects.iter().any(|e| matches!(*e, "reschedule" | "move")) {
        &["doctor", "doctors", "clinic", "clinics"]
    } else {
        return;
    };
    // the head of the parameter's noun phrase, past "Id of the", before its first modifier
    let head = clause
        .iter()
        .skip_while(|t| is_word(t, &["the", "a", "an", "id", "ids", "of", "value", "number"]))
        .take_while(|t| {
            t.kind == Kind::Word
                && !is_word(t, PREPOSITIONS)
                && !is_word(t, &["whose", "that", "which", "to"])
        });
    // (the triage level is the caller's only when said to be given: "to record")
    let given = clause.iter().enumerate().any(|(k, t)| {
        is_word(t, &["to"])
            && is_word_at(
                clause,
                k + 1,
                &["record", "give", "send", "set", "enter", "pass"],
            )
    });
    let hit = head
        .into_iter()
        .find(|t| is_word(t, computed) && (given || !is_word(t, &["triage"])));
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a value the clinic API computes said to be given: the triage level comes from the severity, and the escalation's or move's doctor and clinic are the API's to set".to_owned(),
        );
    }
}

/// The triage level said to come from more than the severity ("from the severity and the
/// duration", "read from the symptoms", "with the number of days, it sets the triage level"):
/// the API computes it from the severity alone.
fn triage_from_more(clause: &[&Tok], toks: &[Tok], out: &mut Vec<Violation>) {
    let Some(tr) = clause.iter().position(|t| is_word(t, &["triage"])) else {
        return;
    };
    if clause.iter().any(|t| is_word(t, NEGATIONS)) {
        return;
    }
    // (a pronoun names the parameter the text describes: its first clause says which)
    let of_severity = |c: &[&Tok]| {
        c.iter()
            .any(|x| is_word(x, &["severity", "severe", "score"]))
    };
    let first: Vec<&Tok> = toks.iter().take_while(|x| x.kind != Kind::Stop).collect();
    let first_is_severity = of_severity(&first);
    let mut hit = None;
    for (k, t) in clause.iter().enumerate() {
        // "from the severity and the duration", "read from them"
        if k > tr
            && is_word(t, &["from"])
            && !(k >= 1
                && is_word_at(
                    clause,
                    k - 1,
                    &["separate", "apart", "different", "distinct", "aside"],
                ))
        {
            // ("from 8 to 10" is a band, not a source; "from routine to urgent" the levels' range)
            if clause.get(k + 1).is_some_and(|x| x.kind != Kind::Word)
                || is_word_at(clause, k + 1, &super::TRIAGE_LEVELS)
                    && is_word_at(clause, k + 2, &["to"])
            {
                continue;
            }
            let list: Vec<&Tok> = clause[k + 1..]
                .iter()
                .take_while(|x| x.kind == Kind::Word)
                .copied()
                .collect();
            for part in list.split(|x| is_word(x, &["and", "or", "plus"])) {
                // (the whole conjunct: "the severity of the symptoms", "the patient's score")
                let head: Vec<&Tok> = part
                    .iter()
                    .take_while(|x| is_word(x, &["of"]) || !is_word(x, PREPOSITIONS))
                    .filter(|x| !is_word(x, DETERMINERS) && !is_word(x, &["of"]))
                    .copied()
                    .collect();
                let pronoun = head
                    .iter()
                    .any(|x| is_word(x, &["it", "them", "this", "these"]));
                let other =
                    !head.is_empty() && !of_severity(&head) && (!pronoun || !first_is_severity);
                if other {
                    hit = Some(*t);
                }
            }
        }
        // "with the severity, it sets the triage level" said of another value
        if is_word(t, &["with"])
            && clause[k + 1..].iter().any(|x| is_word(x, &["it", "they"]))
            && clause.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "sets",
                        "set",
                        "decides",
                        "determines",
                        "computes",
                        "gives",
                        "drives",
                        "makes",
                    ],
                )
            })
        {
            hit = Some(*t);
        }
    }
    // "a longer duration gives a higher triage level": another value said to move it
    if hit.is_none() {
        hit = clause.iter().enumerate().find_map(|(v, t)| {
            let moves = v < tr
                && is_word(
                    t,
                    &[
                        "gives",
                        "give",
                        "means",
                        "mean",
                        "makes",
                        "make",
                        "raises",
                        "raise",
                        "brings",
                        "bring",
                        "leads",
                        "lead",
                        "yields",
                        "sets",
                        "lifts",
                        "increases",
                        "lowers",
                    ],
                );
            let from = clause[..v]
                .iter()
                .rposition(|x| x.kind == Kind::Comma)
                .map_or(0, |p| p + 1);
            let subject = &clause[from..v];
            // (a comparative before a noun: "a longer duration"; "8 or more" is a band)
            let more = (from..v).any(|c| {
                is_word(
                    clause[c],
                    &[
                        "longer", "more", "higher", "shorter", "older", "younger", "greater",
                        "larger", "bigger", "fewer", "less", "lower", "worse",
                    ],
                ) && c + 1 < v
                    && clause[c + 1].kind == Kind::Word
                    && !is_word(clause[c + 1], &["or", "than", "and"])
            });
            let pronoun = subject.iter().any(|x| is_word(x, &["it", "this"]));
            // ("a longer duration gives the same triage level" moves nothing)
            let same = clause[v..]
                .iter()
                .any(|x| is_word(x, &["same", "unchanged"]));
            (moves && more && !same && !of_severity(subject) && !(pronoun && first_is_severity))
                .then_some(*t)
        });
    }
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the triage level said to come from more than the severity: the clinic API computes it from the severity alone".to_owned(),
        );
    }
}

/// A slot parameter's name that narrows the open slot a booking or a move takes
/// (`same_doctor_slot_id`, `own_clinic_slot_id`, `later_slot_id`): the act takes any open slot.
pub(crate) fn slot_name_narrowed(name: &str, tool: &str, out: &mut Vec<Violation>) {
    if !own_effects(tool).iter().any(|e| SLOT_TAKING.contains(e)) {
        return;
    }
    let lower = name.to_ascii_lowercase();
    let parts: Vec<&str> = lower.split('_').collect();
    if !parts.contains(&"slot") {
        return;
    }
    let narrowed = parts.windows(2).any(|w| {
        matches!(w[0], "same" | "own" | "current" | "original" | "first")
            && SCOPE_NOUNS.contains(&w[1])
    }) || parts
        .iter()
        .any(|p| matches!(*p, "later" | "earlier" | "sooner" | "nearby" | "local"));
    if narrowed {
        out.push(Violation {
            rule: Rule::Name,
            range: 0..name.len(),
            detail: format!(
                "name \"{name}\" narrows the open slot: a booking or a move takes any open slot, of any doctor and clinic, on any day"
            ),
        });
    }
}

/// Words that mark a value of an appointment as one it had before an act ("the original slot",
/// "the slot first booked").
const HELD_BEFORE: &[&str] = &[
    "first",
    "original",
    "originally",
    "initial",
    "initially",
    "previous",
    "previously",
    "former",
    "old",
    "earlier",
    "prior",
];

/// Acts after which an appointment's slot, times or doctor are others.
const CHANGES: &[&str] = &[
    "move",
    "moves",
    "reschedule",
    "rescheduling",
    "escalation",
    "change",
    "changes",
];

/// Words that say what became of an earlier value, or that the value is the one now.
const NOW_SAID: &[&str] = &[
    "now",
    "current",
    "currently",
    "new",
    "after",
    "released",
    "freed",
    "open",
    "available",
    "again",
    "cancelled",
];

/// An output's slot, times or doctor of an appointment said to be the ones before an act ("The
/// slot first booked, before any move", "The original slot", "The appointment, with the doctor
/// who escalated it"): every answer holds the appointment as it is now; a move gives it the new
/// slot's times and doctor, an escalation the oncall doctor. Only on an answer that holds an
/// appointment's slot.
pub(crate) fn earlier_held(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    use super::answers::{Thing, id_records};
    if id_records(tool, Thing::Slot).is_none_or(|r| !r.contains(&Thing::Appointment)) {
        return;
    }
    let act = tool.split('_').next().unwrap_or_default();
    for clause in toks.split(|t| t.kind == Kind::Stop) {
        if clause
            .iter()
            .any(|t| is_word(t, NEGATIONS) || is_word(t, NOW_SAID))
        {
            continue;
        }
        // (the hit is the word that marks the value as earlier)
        let hit = clause.iter().enumerate().find_map(|(k, t)| {
            if !is_word(t, &["slot", "doctor", "start", "end", "time", "times"]) {
                return None;
            }
            if k >= 1 && is_word(&clause[k - 1], HELD_BEFORE) {
                return Some(&clause[k - 1]);
            }
            if is_word_at(clause, k + 1, HELD_BEFORE) {
                return Some(&clause[k + 1]);
            }
            // "…, before any move"
            let change = clause[k + 1..].windows(3).find(|w| {
                is_word(&w[0], &["before"])
                    && is_word(&w[1], &["any", "the", "a", "its"])
                    && is_word(&w[2], CHANGES)
            });
            if let Some(w) = change {
                return Some(&w[0]);
            }
            // "the doctor who escalated it": on an act that changes the doctor, its doer is the
            // doctor before it
            let doer = DOCTOR_CHANGING.contains(&act)
                && is_word(t, &["doctor"])
                && is_word_at(clause, k + 1, &["who", "that"])
                && clause.get(k + 2).is_some_and(|x| {
                    verb(&x.text.to_ascii_lowercase()).is_some_and(|(v, _, _)| v == act)
                });
            doer.then(|| &clause[k + 2])
        });
        if let Some(t) = hit {
            push(
                out,
                Rule::Effects,
                t,
                "an answer's slot, times or doctor said to be the ones before an act: the answer holds the appointment as it is now, with a moved one's new slot and an escalated one's oncall doctor".to_owned(),
            );
        }
    }
}
