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
        if is_word(t, PEOPLE) || is_word(t, CALLERS) {
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

/// What an appointment's answer holds, by the words a text names it with; the rejection's reason
/// stands last, since a page of appointments gives none.
const APPOINTMENT_ITEMS: &[&str] = &[
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
    "id",
    "entries",
    "reason",
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
        // (a doctor comes with the clinic, its address and its time zone)
        "list_doctors" => &[
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
            "clinic",
            "clinics",
            "address",
            "zone",
        ],
        "list_specialties" => &[
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
        // (a page of appointments gives each one's status, slot, times, priority and doctor or
        // patient: no reason)
        "list_my_appointments" | "list_doctor_schedule" => {
            &APPOINTMENT_ITEMS[..APPOINTMENT_ITEMS.len() - 1]
        }
        t if t.contains("appointment") || t.contains("schedule") || t.contains("oncall") => {
            APPOINTMENT_ITEMS
        }
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
    // another holder than this answer: "on another list", "in a separate table", "in their own
    // view" (a page is one of this list's: "on another page" pages it, "on a separate page"
    // does not)
    if w(
        k,
        &["in", "on", "at", "into", "onto", "inside", "within", "to"],
    ) {
        let (d, j) = if w(k + 1, &["a", "an", "their", "its"]) {
            (k + 2, k + 3)
        } else {
            (k + 1, k + 2)
        };
        let holder = |i: usize, pages: bool| {
            w(i, CONTAINERS)
                && !w(i, &["it", "them", "appointment", "intake", "record"])
                && (pages || !w(i, &["page", "pages"]))
        };
        let other = w(d, &["other", "another", "second", "further", "extra"]) && holder(j, false);
        let apart = w(
            d,
            &[
                "separate",
                "different",
                "distinct",
                "special",
                "own",
                "dedicated",
            ],
        ) && holder(j, true);
        if other || apart {
            return true;
        }
    }
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

/// Words that say a thing is left out of an answer, bare: "pending ones are omitted", "its
/// severity is absent", "…, urgent ones excluded", "…, escalated ones apart", "… set aside").
const LEFT_OUT: &[&str] = &[
    "omitted",
    "excluded",
    "absent",
    "missing",
    "filtered",
    "apart",
    "aside",
    "excepted",
    "elsewhere",
    "separately",
];

/// Verbs whose object an answer leaves out: "it omits pending ones", "the page excludes …".
const LEAVES_OUT: &[&str] = &["omits", "omit", "excludes", "exclude"];

/// A thing said, with no place named, to be left out ("pending ones are omitted", "its new time
/// is omitted", "the list excludes escalated ones"): the marker's index and what is left out. A
/// parameter that may be left out by the caller ("may be omitted", "when omitted", "if it is
/// omitted") is no part of the answer, nor is a thing said not to be left out.
fn bare_drop<'a, 'b>(clause: &'a [&'b Tok]) -> Option<(usize, &'a [&'b Tok])> {
    let n = clause.len();
    let mark = |t: &&Tok| matches!(t.kind, Kind::Comma | Kind::Stop);
    let comma_before = |k: usize| clause[..k].iter().rposition(mark).map_or(0, |c| c + 1);
    let denied = |from: usize, k: usize| {
        clause[from..k].iter().any(|t| {
            is_word(t, NEGATIONS)
                || is_word(t, MODALS)
                || is_word(
                    t,
                    &[
                        "no", "be", "been", "being", "when", "if", "unless", "whether",
                    ],
                )
        })
    };
    (0..n).find_map(|k| {
        // ("filtered by date" keeps; "filtered out" drops)
        let filtered = is_word(clause[k], &["filtered"]);
        // ("apart from", "aside from": a case set apart, read with "except")
        let apart = is_word(clause[k], &["apart", "aside"]) && is_word_at(clause, k + 1, &["from"]);
        if is_word(clause[k], LEFT_OUT)
            && (!filtered || is_word_at(clause, k + 1, &["out"]))
            && !apart
        {
            // (what is left out follows a condition word: "`NO_ONCALL_DOCTOR` when the oncall
            // doctor is missing")
            let from = comma_before(k);
            let from = clause[from..k]
                .iter()
                .rposition(|t| is_word(t, &["when", "if", "unless", "while", "once", "until"]))
                .map_or(from, |c| from + c + 1);
            let subject = &clause[from..k];
            // (a person absent or missing is away, not left out: "the doctor is absent that week")
            let has = |list: &[&str]| subject.iter().any(|t| is_word(t, list));
            if is_word(clause[k], &["absent", "missing"])
                && (has(&["who", "whom"]) || has(PEOPLE) && !has(&["its", "their"]))
            {
                return None;
            }
            let subject = match subject.last() {
                Some(t) if is_word(t, &["is", "are", "was", "were"]) => {
                    &subject[..subject.len() - 1]
                }
                _ => subject,
            };
            // (the value a text describes, left out in a case, is the caller's to leave out:
            // "Id of one doctor; omitted for a search of every doctor")
            if subject.first().is_some_and(|t| t.start == 0) && k + 1 < n {
                return None;
            }
            // ("no pending appointment is excluded": none is)
            (!subject.is_empty()
                && !denied(k.saturating_sub(3).max(from), k)
                && !subject
                    .iter()
                    .any(|t| is_word(t, NEGATIONS) || is_word(t, &["no"])))
            .then_some((k, subject))
        } else if is_word(clause[k], LEAVES_OUT) {
            let to = clause[k + 1..]
                .iter()
                .position(mark)
                .map_or(n, |c| k + 1 + c);
            let object = &clause[k + 1..to];
            (!object.is_empty() && !denied(k.saturating_sub(3).max(comma_before(k)), k))
                .then_some((k, object))
        } else {
            None
        }
    })
}

/// States of an appointment said of the rows left out ("pending ones", "escalated ones", "past
/// ones"), and those that the `upcoming` flag drops.
const ROW_STATES: &[&str] = &[
    "pending",
    "confirmed",
    "rejected",
    "cancelled",
    "escalated",
    "urgent",
    "routine",
    "moved",
    "rescheduled",
    "past",
    "ended",
    "finished",
    "started",
    "earlier",
    "older",
    "old",
    "future",
    "upcoming",
    "new",
    "today",
];
const DROPPED_BY_UPCOMING: &[&str] = &[
    "rejected",
    "cancelled",
    "past",
    "ended",
    "finished",
    "started",
    "earlier",
    "older",
    "old",
];

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
    // (a case set apart, its rows after the marker or, with nothing after it, before: "apart
    // from urgent ones", "except for the rejected ones", "urgent ones except", "less the pending
    // ones", "but for the reason of a rejection", "short of the shared ones", "not counting
    // the pending ones")
    let after = || {
        (0..clause.len())
            .find_map(|k| set_apart_at(clause, k).map(|from| (k, from)))
            .map(|(k, from)| {
                // (to a mark or a condition: "less the rejected ones when `upcoming` is true")
                let to = clause[from.min(clause.len())..]
                    .iter()
                    .position(|t| {
                        t.kind == Kind::Comma
                            || is_word(t, &["when", "if", "unless", "once", "while"])
                    })
                    .map_or(clause.len(), |c| from + c);
                let rows = &clause[from.min(to)..to];
                if rows.iter().any(|t| t.kind == Kind::Word) {
                    return (k, rows);
                }
                let back = clause[..k]
                    .iter()
                    .rposition(|t| t.kind == Kind::Comma)
                    .map_or(0, |c| c + 1);
                (k, &clause[back..k])
            })
            // (the rows of the list, or a field of the one record a tool answers: "without a
            // key", "other than the doctor" are no rows)
            .filter(|(_, s)| {
                s.iter().any(|t| is_word(t, ROWS))
                    || s.iter()
                        .take_while(|t| !is_word(t, &["of", "for", "with", "in", "from", "on"]))
                        .any(|t| is_word(t, record_fields(tool)))
            })
    };
    // on a tool this server serves, a thing left out with no place named ("pending ones are
    // omitted") is read too: its answer leaves out only what the contract or its own filter drops
    // (and on any tool that answers an intake: a value of care left out of it is care unseen)
    let served = crate::served::role_of(tool).is_some() || items_of(tool).contains(&"symptoms");
    let bare = || if served { bare_drop(clause) } else { None };
    // each reading of what is left out in turn: a place that names none of the answer's items
    // ("…, which are on another search") leaves the case set apart before it to be read
    let cands = [before, after(), bare()];
    let Some((k, _)) = cands
        .into_iter()
        .flatten()
        .find(|&(k, subject)| said_out(clause, tool, k, subject))
    else {
        return;
    };
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

/// Whether `subject`, said left out of the answer by the marker at `k`, is one of the answer's
/// items the contract gives, not a case it drops: see [`left_out_of_the_answer`].
fn said_out(clause: &[&Tok], tool: &str, k: usize, subject: &[&Tok]) -> bool {
    // (a pronoun alone is the parameter the text is about: "it is omitted for every doctor")
    if !subject.iter().any(|t| {
        t.kind == Kind::Word
            && !is_word(t, DETERMINERS)
            && !is_word(t, &["it", "they", "them", "this", "these", "one"])
    }) {
        return false;
    }
    let has = |list: &[&str]| subject.iter().any(|t| is_word(t, list));
    // the subject's head, before its phrases ("the notes of the doctor", "the reason for a
    // rejection"): one of the answer's items
    let items = items_of(tool);
    // (of a list of doctors, a specialist is a doctor: "pediatricians are omitted")
    let doctors = items.contains(&"doctors");
    if !subject
        .iter()
        .take_while(|t| !is_word(t, &["of", "for", "with", "in", "after", "from", "on"]))
        .any(|t| is_word(t, items) || doctors && specialist(t))
    {
        return false;
    }
    // ("with or without open slots": both kept)
    if k >= 1 && is_word(clause[k], &["without"]) && is_word(clause[k - 1], &["or", "and"]) {
        return false;
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
            "later", "closed", "full", "window", "started",
        ]);
    let paging = has(&["page", "pages", "limit", "next", "previous", "cursor"]);
    // a protocol search leaves out what does not match: "protocols that hold none of the words"
    let unmatched = tool == "search_protocols"
        && has(&["not", "no", "none", "never"])
        && has(&["words", "word", "query", "match", "matches"]);
    // rows of a state ("pending ones", "escalated ones"): only the `upcoming` flag drops any, and
    // those it drops are the cancelled, rejected and past ones; a condition does not place others
    let states: Vec<&&Tok> = subject.iter().filter(|t| is_word(t, ROW_STATES)).collect();
    let rows = subject
        .iter()
        .any(|t| is_word(t, ROWS) || is_word(t, &["one"]));
    let case = if rows && !states.is_empty() && tool != "find_available_slots" {
        tool == "list_my_appointments"
            && crate::facts::flag_said(clause)
            && states.iter().all(|t| is_word(t, DROPPED_BY_UPCOMING))
    } else {
        case
    };
    !(others || case || dropped_slots || paging || unmatched)
}

/// A specialist named by the vocabulary's nouns of one ("pediatricians", "cardiologists",
/// "surgeons").
fn specialist(t: &Tok) -> bool {
    t.kind == Kind::Word && crate::vocabulary::is_specialist(&t.text)
}

/// The fields of the one record a tool answers, set apart by name ("…, but for the reason of a
/// rejection"): the values of its answer that are no person and no pronoun.
fn record_fields(tool: &str) -> &'static [&'static str] {
    match tool {
        "list_my_appointments"
        | "list_doctor_schedule"
        | "search_protocols"
        | "find_available_slots"
        | "list_doctors"
        | "list_specialties" => &[],
        "get_intake" | "record_intake" => &["triage", "level", "severity", "symptoms", "duration"],
        t if t.contains("appointment") || t.contains("oncall") => &[
            "status", "statuses", "priority", "time", "times", "start", "end", "reason", "slot",
        ],
        _ => &[],
    }
}

/// Where a case set apart from the answer starts, if a marker at `k` opens one: a preposition
/// that takes away ("without", "except", "excluding", "minus", "barring", "less the …", "but
/// for", "save for", "short of", "exclusive of", "other than", "apart from"), or a negated word
/// of taking in ("not counting", "not including", "but not", "not with"). Its rows follow.
fn set_apart_at(clause: &[&Tok], k: usize) -> Option<usize> {
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    if w(
        k,
        &[
            "without",
            "except",
            "excepting",
            "excluding",
            "minus",
            "barring",
            "sans",
        ],
    ) {
        return Some(if w(k + 1, &["for"]) { k + 2 } else { k + 1 });
    }
    // two words: "other than", "rather than", "apart from", "but for", "save for", "short of",
    // "exclusive of", "outside of"
    if w(k, &["other", "rather"]) && w(k + 1, &["than"])
        || w(k, &["apart", "aside", "away"]) && w(k + 1, &["from"])
        || w(k, &["but", "save", "bar"]) && w(k + 1, &["for", "not"])
        || w(k, &["short", "exclusive", "outside", "independent"]) && w(k + 1, &["of"])
    {
        return Some(k + 2);
    }
    // a preposition of taking away before a determined phrase: "less the pending ones", "save
    // the shared ones", "bar those pending" ("less urgent ones", "less so" weigh: no rows)
    if w(k, &["less", "save", "bar"])
        && k >= 1
        && !w(
            k - 1,
            &[
                "much", "far", "no", "any", "even", "still", "is", "are", "be",
            ],
        )
        && (w(k + 1, DETERMINERS) && !w(k + 1, &["no", "more", "than"])
            || w(
                k + 1,
                &[
                    "pending",
                    "confirmed",
                    "rejected",
                    "cancelled",
                    "escalated",
                    "moved",
                    "rescheduled",
                    "shared",
                    "past",
                ],
            ))
    {
        return Some(k + 1);
    }
    // a negated word of taking in, after a mark or the list: "…, not counting the pending
    // ones", "…, not including shared ones", "not with the urgent ones"
    if w(k, &["not", "never"])
        && k >= 1
        && matches!(clause[k - 1].kind, Kind::Comma)
        && w(
            k + 1,
            &[
                "counting",
                "including",
                "with",
                "listing",
                "showing",
                "giving",
                "covering",
                "containing",
            ],
        )
    {
        return Some(k + 2);
    }
    None
}
