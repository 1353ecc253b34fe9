//! Concealment said as a state or as a place outside the answer, with no negated showing:
//! "the triage level is unknown to the patient", "hidden from the doctor", "separate from what
//! the patient sees"; "urgent ones are not part of the page", "shared protocols are not among
//! them", "the reason is absent from it". The clinic API shows a patient their appointments,
//! the rejection's reason and their intake, and a doctor their schedule, every status and
//! priority; a text that puts a value out of a person's sight or out of the answer tells the
//! agent to keep it back, or that it is not there to be read.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// States of a value that no one of an audience sees or knows.
const UNSEEN: &[&str] = &[
    "unknown",
    "unseen",
    "hidden",
    "secret",
    "withheld",
    "invisible",
    "concealed",
    "undisclosed",
    "unread",
    "unshown",
    "unreadable",
    "inaccessible",
    "unknowable",
    "opaque",
    "dark",
    "blind",
];

/// A person's own unknowing ("the patient is unaware of it").
const UNAWARE: &[&str] = &["unaware", "ignorant", "oblivious", "uninformed"];

/// The person named from `from` on, past determiners and a possessive ("to its patient", "from
/// the patient's doctor", "by the oncall doctor"): its index.
fn person_after(clause: &[&Tok], from: usize) -> Option<usize> {
    for (j, &t) in clause.iter().enumerate().skip(from).take(4) {
        if t.kind != Kind::Word {
            return None;
        }
        let owner = t.text.trim_end_matches("'s");
        if is_word(t, PEOPLE) || is_word(t, CALLERS) || PEOPLE.contains(&owner) {
            return Some(j);
        }
        if !(is_word(t, DETERMINERS) || is_word(t, &["oncall", "new", "same"])) {
            return None;
        }
    }
    None
}

/// A value said unknown, hidden or unseen to a person ("it is unknown to the patient", "unseen
/// by the doctor until the visit", "for the patient it is unknown", "a secret from its
/// patient"), a person said unaware of it, or a value put apart from what a person sees
/// ("separate from what the patient sees").
pub(super) fn unseen_by_a_person(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    let link = |j: usize| is_word_at(clause, j, &["to", "from", "by", "for", "of"]);
    let hit = (0..n).find(|&k| {
        // ("invisible characters": a kind of character the output screen removes, no state)
        if !is_word(clause[k], UNSEEN) || is_word_at(clause, k + 1, &["character", "characters"]) {
            return false;
        }
        // the person after it: "unknown to the patient", "hidden, for now, from the patient"
        let after = (k + 1..(k + 5).min(n))
            .find(|&j| link(j))
            .is_some_and(|j| person_after(clause, j + 1).is_some());
        // … or before it, linked: "for the patient it is unknown", "to the doctor, unseen"
        let before = (0..k).any(|j| {
            is_word(clause[j], &["for", "to"]) && person_after(clause, j + 1).is_some_and(|p| p < k)
        });
        after || before
    });
    // a person unaware: "the patient is unaware of it", "its doctor stays unaware"
    let unaware = || {
        (0..n).find(|&k| {
            is_word(clause[k], UNAWARE)
                && clause[..k]
                    .iter()
                    .any(|t| is_word(t, PEOPLE) || is_word(t, CALLERS))
        })
    };
    // a value put apart from what a person sees or gets: "separate from what the patient sees"
    let apart = || {
        (0..n).find(|&k| {
            is_word(
                clause[k],
                &["separate", "apart", "away", "outside", "beyond"],
            ) && clause[k + 1..]
                .iter()
                .take(6)
                .any(|t| is_word(t, &["what", "whatever"]))
                && clause[k + 1..]
                    .iter()
                    .take(8)
                    .any(|t| is_word(t, PEOPLE) || is_word(t, CALLERS))
        })
    };
    if let Some(k) = hit.or_else(unaware).or_else(apart) {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "\"{}\" puts a value out of a person's sight; say who sees it, positively",
                clause[k].text
            ),
        );
    }
}

/// What holds the items a tool returns: said after "in", "on" or "outside", it is the answer.
const CONTAINERS: &[&str] = &[
    "page",
    "pages",
    "list",
    "lists",
    "answer",
    "answers",
    "result",
    "results",
    "it",
    "them",
    "schedule",
    "search",
    "response",
    "output",
    "reply",
    "set",
    "appointment",
    "intake",
    "record",
    "view",
    "table",
    "rows",
    "entries",
];

/// What an answer is made of: its rows and the fields the clinic API gives each, by the kind of
/// the tool's answer. An item said left out of the answer is one of these; another value
/// ("availability and fees are omitted", "the intake is not in the answer" of an appointment)
/// is not in the answer.
fn items_of(tool: &str) -> &'static [&'static str] {
    match tool {
        "get_intake" | "record_intake" => &[
            "ones", "one", "those", "they", "it", "intake", "triage", "level", "severity",
            "symptoms", "duration",
        ],
        "search_protocols" => &[
            "ones",
            "one",
            "those",
            "they",
            "it",
            "protocol",
            "protocols",
            "title",
            "titles",
            "excerpt",
            "excerpts",
            "text",
            "id",
        ],
        "find_available_slots" => &[
            "ones", "one", "those", "they", "it", "slot", "slots", "doctor", "doctors", "start",
            "end", "time", "times", "id",
        ],
        "list_doctors" | "list_specialties" => &[
            "ones",
            "one",
            "those",
            "they",
            "it",
            "doctor",
            "doctors",
            "specialty",
            "specialties",
            "name",
            "id",
        ],
        t if t.contains("appointment") || t.contains("schedule") || t.contains("oncall") => &[
            "ones",
            "one",
            "those",
            "they",
            "it",
            "appointment",
            "appointments",
            "visit",
            "visits",
            "booking",
            "bookings",
            "slot",
            "doctor",
            "patient",
            "status",
            "statuses",
            "priority",
            "time",
            "times",
            "start",
            "end",
            "reason",
            "id",
            "entries",
        ],
        _ => &["ones", "one", "those", "they", "it"],
    }
}

/// The rows of a list, said after a marker of a case set apart ("without the urgent ones").
const ROWS: &[&str] = &[
    "ones",
    "those",
    "appointments",
    "visits",
    "bookings",
    "slots",
    "protocols",
    "doctors",
    "specialties",
    "entries",
];

/// Where, from `k`, an item is said to be out of the answer: "not part of", "no part of",
/// "not among", "not in the page", "absent from", "missing from", "excluded from", "outside
/// the list".
fn out_of_the_answer(clause: &[&Tok], k: usize) -> bool {
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    // a container after "in"/"outside", past a determiner: "in the page", "outside it"
    let container = |j: usize| {
        (j..(j + 3).min(clause.len()))
            .take_while(|&i| clause[i].kind == Kind::Word)
            .find(|&i| !is_word(clause[i], DETERMINERS))
            .is_some_and(|i| is_word(clause[i], CONTAINERS))
    };
    if w(k, &["not", "never", "no"]) {
        let j = if w(k + 1, &["a", "any", "yet"]) {
            k + 2
        } else {
            k + 1
        };
        return w(j, &["part", "parts"]) && w(j + 1, &["of"])
            || w(j, &["among", "amongst"])
            || w(j, &["in", "on", "inside", "within", "into"]) && container(j + 1);
    }
    w(
        k,
        &[
            "absent", "missing", "excluded", "omitted", "dropped", "removed", "left", "hidden",
            "separate", "apart",
        ],
    ) && (w(k + 1, &["from"]) && container(k + 2)
        || w(k + 1, &["out"]) && w(k + 2, &["of", "from"]) && container(k + 3))
        || w(k, &["outside", "beyond"]) && container(k + 1)
}

/// Items of a list or fields of an answer said to be out of it ("urgent ones are not part of
/// the page", "shared protocols are not among them", "its doctor is not in it", "the reason is
/// absent from it", "rejected ones lie outside the list"): the clinic API lists every status
/// and priority, the shared protocols with the clinic's, and each appointment with its doctor
/// and reason. True exclusions pass: the items of others ("appointments of other doctors are
/// not part of the page"), the cases a list drops (slots already booked or outside the window;
/// with `upcoming`, past, cancelled and rejected appointments), the other pages of a list, and a
/// field absent in a case of a status or a flag ("absent unless rejected").
pub(super) fn left_out_of_the_answer(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    // what is left out: the words before the marker, back to a comma ("urgent ones are not
    // part of it"), or after a marker of a case set apart, to a comma ("…, without the urgent
    // ones", "except the rejected ones", "other than the shared ones")
    let before = (0..clause.len())
        .find(|&k| out_of_the_answer(clause, k))
        .map(|k| {
            let from = clause[..k]
                .iter()
                .rposition(|t| t.kind == Kind::Comma)
                .map_or(0, |c| c + 1);
            (k, &clause[from..k])
        });
    let after = || {
        (0..clause.len())
            .find(|&k| {
                is_word(
                    clause[k],
                    &["without", "except", "excluding", "minus", "barring"],
                ) || is_word(clause[k], &["other", "rather"])
                    && is_word_at(clause, k + 1, &["than"])
                    || is_word(clause[k], &["but"]) && is_word_at(clause, k + 1, &["not"])
            })
            .map(|k| {
                let from = if is_word(clause[k], &["other", "rather", "but"]) {
                    k + 2
                } else {
                    k + 1
                };
                let to = clause[from.min(clause.len())..]
                    .iter()
                    .position(|t| t.kind == Kind::Comma)
                    .map_or(clause.len(), |c| from + c);
                (k, &clause[from.min(to)..to])
            })
            // (the rows of the list only: "without a key", "other than the doctor" are no rows)
            .filter(|(_, s)| s.iter().any(|t| is_word(t, ROWS)))
    };
    let Some((k, subject)) = before.or_else(after) else {
        return;
    };
    let has = |list: &[&str]| subject.iter().any(|t| is_word(t, list));
    // the subject's head, before its phrases ("the notes of the doctor", "the reason for a
    // rejection"): one of the answer's items
    let items = items_of(tool);
    if !subject
        .iter()
        .take_while(|t| !is_word(t, &["of", "for", "with", "in", "after", "from", "on"]))
        .any(|t| is_word(t, items) || items.contains(&t.text.trim_end_matches("'s")))
    {
        return;
    }
    // ("with or without open slots": both kept)
    if k >= 1 && is_word(clause[k], &["without"]) && is_word(clause[k - 1], &["or", "and"]) {
        return;
    }
    // others' items, and nothing else with them
    let others =
        has(&["other", "others", "another", "else", "different"]) && !has(&["and", "or", "nor"]);
    // a case of a status or a flag: "when true", "unless rejected", "if none was given"
    let case = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "when",
                "if",
                "unless",
                "whether",
                "optionally",
                "until",
                "once",
            ],
        )
    }) && clause.iter().any(|t| {
        is_word(t, APPOINTMENT_STATUSES)
            || is_word(
                t,
                &[
                    "true", "false", "upcoming", "given", "set", "none", "omitted", "null",
                ],
            )
            || t.kind == Kind::Ident
    });
    // the cases a slot search drops: taken slots, and slots out of its window
    let dropped_slots = tool == "find_available_slots"
        && has(&[
            "taken", "booked", "reserved", "held", "past", "after", "before", "outside", "earlier",
            "later", "closed", "full", "window",
        ]);
    let paging = has(&["page", "pages", "limit", "next", "previous", "cursor"]);
    if others || case || dropped_slots || paging {
        return;
    }
    push(
        out,
        Rule::Concealment,
        clause[k],
        format!(
            "\"{}\": an item said to be out of the answer; the clinic API answers every status and priority of a person's own appointments, the shared protocols with the clinic's, and each appointment with its doctor and reason; say what the answer holds, positively",
            clause[k].text
        ),
    );
}
