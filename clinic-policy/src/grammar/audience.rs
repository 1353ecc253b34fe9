//! Who gets a value: negated showing, a value kept from the patient, an appointment opened to
//! more people than its patient and its doctor, the agent's answer set or trimmed by a text.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Negated showing ("not shown", "does not list", "without showing") and something left out of
/// what a person gets ("left out of the answer to the patient").
pub(super) fn hiding(
    clause: &[&Tok],
    effects: &[&'static str],
    text: &str,
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, NEGATIONS) {
            continue;
        }
        // "absent when none were given": a case with nothing in it, not a value kept back
        if is_word(t, &["none"]) && super::effects::in_condition(clause, k) {
            continue;
        }
        // the verb the negation governs: the next few words, past auxiliaries; a state right
        // after it is what it negates ("not pending gives 422")
        for (i, x) in clause[k + 1..].iter().take(4).enumerate() {
            if x.kind != Kind::Word {
                break;
            }
            let state = i == 0
                && !is_word(x, LEAD_ADVERBS)
                && !is_word(x, MODALS)
                && !is_word(
                    x,
                    &[
                        "do", "does", "did", "is", "are", "was", "were", "be", "been", "being",
                        "to", "have", "has", "had", "yet", "even", "ever",
                    ],
                )
                && !matches!(verb(&x.text), Some((_, VerbClass::Show, _)));
            if state {
                break;
            }
            if let Some((_, VerbClass::Show, _)) = verb(&x.text) {
                // (others' items left out of a read of the caller's own: "Appointments of other
                // doctors are not listed")
                if super::reach::others_left_out(clause, k, tool, mutates) {
                    break;
                }
                push(
                    out,
                    Rule::Concealment,
                    t,
                    format!(
                        "\"{} ... {}\" is negated showing; say what the value is and who sees it",
                        t.text, x.text
                    ),
                );
                break;
            }
        }
    }
    // a code's meaning ("0 means a slot is offered to the patient") is not an amount
    let code = |k: usize| clause.get(k + 1).is_some_and(|n| is_word(n, &["means"]));
    // … nor a number's gloss in brackets ("from 0 (none) to 10 (worst)")
    let gloss = |k: usize| {
        k >= 2
            && clause[k - 1].text == "("
            && clause[k - 2].kind == Kind::Ident
            && clause.get(k + 1).is_some_and(|n| n.text == ")")
    };
    // … nor is the low end of a range ("an integer from 0 to 10", "between 0 and 10", "from 0
    // (none) to 10")
    let range = |k: usize| {
        let after = if clause.get(k + 1).is_some_and(|n| n.text == "(") && gloss(k + 2) {
            k + 4
        } else {
            k + 1
        };
        clause
            .get(after)
            .is_some_and(|n| is_word(n, &["to", "and"]))
            && clause.get(after + 1).is_some_and(|n| n.kind == Kind::Ident)
    };
    // a person who gets none of a thing, or only some ("the patient gets no word of it", "… gets
    // word of the booked ones only"), and nothing or zero for a person
    // ("the doctor has no open slot" is the doctor's own state: "has" only of the patient's side)
    let gets_less = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, PEOPLE)
            && clause[k + 1..].first().is_some_and(|v| {
                is_word(
                    v,
                    &["gets", "get", "sees", "see", "hears", "hear", "receives"],
                ) || (is_word(v, &["has", "have"]) && is_word(t, PATIENT_SIDE))
            })
            && clause[k + 2..].iter().enumerate().any(|(i, x)| {
                (is_word(x, &["no", "none", "nothing", "only", "zero"]) || x.text == "0")
                        && !gloss(k + 2 + i)
                        // (the glossed low end of a scale: "from 0 (none) to 10")
                        && !(range(k + 2 + i)
                            && clause.get(k + 3 + i).is_some_and(|n| n.text == "("))
                        // (no message is no value kept back: "The patient gets no reminder of
                        // the visit" tells the agent the patient hears of it from its answer;
                        // nor is no second visit, "gets no new appointment")
                        && !(is_word(x, &["no"]) && no_message(&clause[k + 3 + i..]))
                        // (nor is no change after it, a clause of its own: "a slot that another
                        // patient has booked gives SLOT_TAKEN, and nothing is booked")
                        && !(is_word(x, &["nothing"]) && change_follows(&clause[k + 3 + i..]))
                        // (nor a value the contract gives that person none of: "the patient gets
                        // no note" of an escalation)
                        && !(i == 0
                            && is_word(x, &["no"])
                            && super::who_gets::withheld(clause, k, &clause[k + 3..], text, tool))
                        // ("empty when the patient has no known allergies": a case, the "no"
                        // right after "has" in a condition)
                        && !(i == 0
                            && is_word(clause[k + 1], &["has", "have"])
                            && super::effects::in_condition(clause, k))
            })
    });
    let person = recipient(clause);
    if let Some((_, t)) = gets_less.or_else(|| {
        person
            .then(|| {
                clause.iter().enumerate().find(|&(k, x)| {
                    (is_word(x, &["nothing", "zero", "none"]) || x.text == "0")
                        && !(code(k) || range(k) || gloss(k))
                        // ("absent when none were given": a case, not a person's share)
                        && !(is_word(x, &["none"]) && super::effects::in_condition(clause, k))
                        // ("… and nothing changes", "nothing is booked": no change, no share)
                        && !(is_word(x, &["nothing"]) && change_follows(&clause[k + 1..]))
                })
            })
            .flatten()
    }) {
        push(
            out,
            Rule::Concealment,
            t,
            format!(
                "\"{}\": a person gets less than the value; say who sees it, positively",
                t.text
            ),
        );
        return;
    }
    let own = |t: &Tok| verb(&t.text).is_some_and(|(v, _, _)| effects.contains(&v));
    // "without" before a thing qualifies a person ("patients without insurance"), and "out"
    // after "is" places one ("the doctor is out of the clinic"): neither hides anything
    let qualifier = |k: usize| {
        (is_word(clause[k], &["without"])
            && clause
                .get(k + 1)
                .is_some_and(|x| x.kind == Kind::Word && verb(&x.text).is_none()))
            || (is_word(clause[k], &["out", "away", "off"])
                && k > 0
                && is_word(clause[k - 1], &["is", "are", "was", "were"]))
    };
    if person
        && let Some(t) = (0..clause.len())
            .find(|&k| {
                is_word(clause[k], REMOVAL)
                    && !own(clause[k])
                    && !qualifier(k)
                    // (what the output screen takes out of a patient's name in the answer)
                    && !verb(&clause[k].text).is_some_and(|(base, _, form)| {
                        super::screened::screen_of_the_answer(clause, k, base, form, tool)
                    })
            })
            .map(|k| clause[k])
    {
        push(
            out,
            Rule::Concealment,
            t,
            format!(
                "\"{}\" leaves something out of what a person gets; say who sees the value, positively",
                t.text
            ),
        );
    }
    if person
        && let Some(t) = (0..clause.len())
            // ("…, the result is an empty list, not an error": an outcome set against another,
            // of the call, not of a person)
            .filter(|&k| !not_an_error(clause, k))
            // (others' items left out of a read of the caller's own)
            .filter(|&k| !super::reach::others_left_out(clause, k, tool, mutates))
            .find(|&k| {
                is_word(clause[k], NEGATIONS)
                    && !qualifier(k)
                    && !(is_word(clause[k], &["none"]) && super::effects::in_condition(clause, k))
                    // ("from 0 (none) to 10": a number's gloss)
                    && !(is_word(clause[k], &["none"])
                        && k >= 2
                        && clause[k - 1].kind == Kind::Comma
                        && clause[k - 2].kind == Kind::Ident)
            })
            .map(|k| clause[k])
    {
        let reported = out.iter().any(|v| v.range.start == t.start);
        if !reported {
            push(
                out,
                Rule::Concealment,
                t,
                format!(
                    "\"{}\" negates something about a person; state who sees or gets a value positively",
                    t.text
                ),
            );
        }
    }
}

/// Words that put a thing apart from a person after them ("beyond the reach of the patient",
/// "hidden from the patient"; "out of" is read with them).
const AWAY: &[&str] = &[
    "beyond",
    "away",
    "off",
    "closed",
    "shut",
    "barred",
    "invisible",
    "unseen",
    "hidden",
    "withheld",
    "concealed",
    "secret",
];

/// A value's audience narrowed to people who are not the patient ("fee of the visit, seen by
/// staff only", "… shown only to doctors", "… internal to the clinic", "… staff only", "… seen
/// by staff and by no patient"): the agent answering a patient is told to keep it back, a
/// concealment said positively. A value is kept to the people who wrote it ("note of the
/// doctor, seen by doctors only", "doctor's note, …") and to no one else.
pub(super) fn kept_from_the_patient(clause: &[&Tok], out: &mut Vec<Violation>) {
    // no one on the patient's side: "by no patient", "to none of the patients"
    if let Some(k) = (0..clause.len()).find(|&k| {
        is_word(clause[k], &["no", "none"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|t| is_word(t, PATIENT_SIDE))
    }) {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "\"{}\" keeps the value from the patient; say who sees it, positively",
                clause[k].text
            ),
        );
        return;
    }
    // the patient put apart from the value: "out of reach of the patient", "beyond the patient's
    // sight", "away from patients", "closed to the patient", "hidden from the user" (not from
    // other patients, whose items a person never sees); the person is the complement ("of",
    // "to", "from" or a possessive before a noun), not a clause's subject ("out of the range the
    // patient gave")
    let complement = |p: usize| {
        clause[p].possessive
            || clause[..p]
                .iter()
                .rev()
                .find(|t| !is_word(t, DETERMINERS))
                .is_some_and(|t| is_word(t, &["of", "to", "from", "for"]))
    };
    if let Some(k) = (0..clause.len()).find(|&k| {
        // (a word of the list says it of what follows it: "hidden from", "closed to", "beyond
        // the reach of"; not "invisible characters from the patient's names")
        let apart = is_word(clause[k], &["beyond"])
            || is_word(clause[k], AWAY)
                && is_word_at(clause, k + 1, &["to", "from", "for", "limits"])
            || is_word(clause[k], &["out"]) && is_word_at(clause, k + 1, &["of"]);
        apart
            && clause[k + 1..]
                .iter()
                .take_while(|t| t.kind == Kind::Word)
                .take(5)
                .position(|t| is_word(t, PATIENT_SIDE))
                .is_some_and(|p| {
                    complement(k + 1 + p)
                        && !clause[k + 1..=k + 1 + p].iter().any(|t| {
                            is_word(t, &["other", "others", "another", "every", "all", "any"])
                        })
                })
    }) {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "\"{}\" puts the value apart from the patient; say who sees it, positively",
                clause[k].text
            ),
        );
        return;
    }
    // a use that leaves the patient out, with no one named: "for internal use", "Internal:
    // true", "for the invoice only"
    let use_only = clause.iter().enumerate().find(|&(k, t)| {
        (is_word(t, &["internal"])
            && clause
                .get(k + 1)
                .is_none_or(|n| is_word(n, &["use", "true"]) || n.kind != Kind::Word))
            // "an internal value", "as internal text": a label of a kind of value, with no
            // person or body of the clinic it is internal to ("an internal value of the
            // reception" names one)
            || (is_word(t, &["internal"])
                && clause.get(k + 1).is_some_and(|n| {
                    is_word(n, &["value", "values", "text", "data", "field", "fields", "information", "figure", "figures", "number", "numbers", "amount", "amounts"])
                })
                && !clause[k + 2..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, PEOPLE) || is_word(x, BODIES)))
            || (is_word(t, &["only"])
                && clause.get(k + 1).is_none_or(|n| n.kind != Kind::Word)
                && (k.saturating_sub(4)..k).any(|j| is_word(clause[j], &["for"]))
                && !clause[k.saturating_sub(4)..k]
                    .iter()
                    .any(|x| is_word(x, PATIENT_SIDE) || is_word(x, PEOPLE) || is_word(x, BODIES)))
    });
    if let Some((_, t)) = use_only {
        push(
            out,
            Rule::Concealment,
            t,
            format!(
                "\"{}\" keeps the value to a use that leaves the patient out; say who sees it, positively",
                t.text
            ),
        );
        return;
    }
    let Some(k) = clause
        .iter()
        .position(|t| is_word(t, &["only", "internal"]))
    else {
        return;
    };
    // the audience: people or the clinic's bodies within four words of the marker, linked to it
    // by "by", "to" or "for", or right before it ("staff only"; "only doctors" is what a value
    // is)
    // (a comma after the marker ends its phrase: "…, seen by the patient and the doctor of the
    // appointment only, not logged by this server")
    let lo = k.saturating_sub(4);
    let hi = (k + 5).min(clause.len()).min(
        k + 1
            + clause[k + 1..]
                .iter()
                .take_while(|t| t.kind != Kind::Comma)
                .count(),
    );
    let who = |t: &Tok| is_word(t, PEOPLE) || is_word(t, BODIES);
    let beside = k > 0 && who(clause[k - 1]);
    // ("an internal value of the reception": what is internal to them)
    // (only where no "by", "to" or "for" names the audience: "An internal note of the doctor,
    // for the staff of the clinic" names its own)
    // (a link names an audience only with a person or a body after it: "ordered by id, or only
    // the doctors of one specialty" narrows a list)
    let named = (lo..hi).any(|j| {
        is_word(clause[j], &["by", "to", "for"]) && clause[j + 1..].iter().take(3).any(|t| who(t))
    });
    let of_internal = !named
        && is_word(clause[k], &["internal"])
        && (k + 1..hi).any(|j| is_word(clause[j], &["of"]));
    let mut linked = beside || of_internal || named;
    let mut audience: Vec<&Tok> = clause[lo..hi].iter().copied().filter(|t| who(t)).collect();
    // … or further back, after the word that links it ("seen by the doctor of the appointment
    // only")
    let mut link = None;
    // ("set by the clinic from the severity only": "by" after a verb of making names who made
    // the value, and "only" is of what it is made from, not of who sees it)
    let made_by = |j: usize| {
        is_word(clause[j], &["by"])
            && j >= 1
            && is_word(
                clause[j - 1],
                &[
                    "set",
                    "computed",
                    "calculated",
                    "derived",
                    "made",
                    "written",
                    "given",
                    "chosen",
                    "assigned",
                ],
            )
    };
    if (audience.is_empty() || !linked)
        && let Some(j) = clause[..k]
            .iter()
            .rposition(|x| is_word(x, &["by", "to", "for"]))
            .filter(|&j| k - j <= 10 && !made_by(j))
    {
        audience = clause[j + 1..k]
            .iter()
            .copied()
            .filter(|t| who(t))
            .collect();
        linked = true;
        link = Some(j);
    }
    // (a list back to the word that links it is all of the audience: "seen by the patient of
    // the appointment and its doctor only")
    if link.is_none()
        && let Some(j) = clause[..k]
            .iter()
            .rposition(|x| is_word(x, &["by", "to", "for"]))
            .filter(|&j| k - j <= 10 && !made_by(j))
    {
        audience.extend(
            clause[j + 1..lo.max(j + 1)]
                .iter()
                .copied()
                .filter(|t| who(t)),
        );
    }
    if !linked || audience.is_empty() || audience.iter().any(|t| is_word(t, PATIENT_SIDE)) {
        return;
    }
    // the patient's own medical or personal data, said to be the patient's, kept to the people
    // who care for it: the patient's privacy, not a value kept from the patient ("Allergies of
    // the patient, as a list; seen by the doctor of the appointment only"); never money
    let value_words = clause
        .iter()
        .take_while(|x| x.kind == Kind::Word && !is_word(x, &["of"]));
    let patients_own = value_words.clone().any(|h| {
        matches!(
            crate::lang::data::data_kind(&h.text, false),
            Some(
                crate::lang::data::Data::Medical
                    | crate::lang::data::Data::Personal
                    | crate::lang::data::Data::Insurance
            )
        )
    }) && !value_words.clone().any(|h| {
        is_word(
            h,
            &[
                "fee", "fees", "price", "cost", "charge", "penalty", "deposit", "payment",
            ],
        )
    }) && clause
        .windows(3)
        .take(4)
        .any(|w| is_word(w[0], &["of"]) && is_word(w[1], &["the"]) && is_word(w[2], &["patient"]));
    if patients_own {
        return;
    }

    // the value's author: an authored thing "of" one of the audience, before the audience
    let stem = |w: &str| w.trim_end_matches('s').to_owned();
    // (the value is what comes before its audience: before the word that links it, when the
    // audience was found through it)
    let first = link.unwrap_or_else(|| {
        clause[lo..hi]
            .iter()
            .position(|t| who(t))
            .map_or(k, |p| lo + p)
    });
    // the clinic's staff holds its doctors and nurses: their note kept to the staff is theirs
    let staff = audience.iter().any(|a| is_word(a, &["staff"]));
    let theirs = |w: &Tok| {
        audience.iter().any(|a| stem(&a.text) == stem(&w.text))
            || (staff && is_word(w, STAFF_MEMBERS))
    };
    // the authored thing heads the value (at most a determiner before it): "triage score, a note
    // of the nurse, …" relabels another value
    let head = clause
        .iter()
        .take(2)
        .any(|t| is_word(t, AUTHORED) || t.possessive || is_word(t, PEOPLE));
    let authored =
        head && clause[..first].windows(3).any(|w| {
            is_word(w[0], AUTHORED)
                && (is_word(w[1], &["of", "by"]) || w[1].text == "the")
                && theirs(w[2])
        }) || clause[..first].windows(4).any(|w| {
            is_word(w[0], AUTHORED)
                && is_word(w[1], &["of", "by"])
                && is_word(w[2], &["the", "a", "each", "its"])
                && theirs(w[3])
        });
    // or the audience's own, said with a possessive ("doctor's note")
    let possessed = clause[..first].windows(2).any(|w| {
        audience.iter().any(|a| stem(&a.text) == stem(&w[0].text)) && is_word(w[1], AUTHORED)
    }) && head
        && clause[..first].iter().any(|t| is_word(t, AUTHORED));
    // the note alone: "note of the doctor with the fee, seen by doctors only" keeps the fee too
    // ("… and the fee", "… and fee of the visit"), not words of one kind ("clinical and exact
    // text")
    let more = clause[..first].iter().enumerate().any(|(i, t)| {
        is_word(t, &["with", "plus", "including", "holding"])
            || (is_word(t, &["and", "or"])
                && (clause.get(i + 1).is_some_and(|n| is_word(n, DETERMINERS))
                    || clause
                        .get(i + 2)
                        .is_some_and(|n| is_word(n, &["of", "for"]))))
    });
    if !(authored || possessed) || more {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "\"{}\" keeps the value to {} and from the patient; a value is kept only to the people who wrote it (\"note of the doctor, seen by doctors only\")",
                clause[k].text,
                audience
                    .iter()
                    .map(|t| t.text.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
}

/// A value's audience said by the part of the answer it is put in ("Penalty fee of the visit,
/// in the staff section of the record", "… in the part of the answer for the reception", "a
/// value of the billing only"): a part named for people other than the patient, or for a use,
/// keeps the value to them, as "seen by staff only" does. A note in its authors' part is theirs
/// ("Note of the doctor, in the doctor section of the record").
pub(super) fn kept_by_its_place(clause: &[&Tok], out: &mut Vec<Violation>) {
    const PARTS: &[&str] = &[
        "section", "sections", "part", "parts", "area", "areas", "tab", "tabs", "panel", "panels",
        "block", "blocks", "portion", "view",
    ];
    const USES: &[&str] = &[
        "billing",
        "internal",
        "admin",
        "accounting",
        "audit",
        "back",
        "office",
    ];
    // (the clinic as a whole is no audience: "a part of the clinic")
    let whose = |t: &Tok| {
        (is_word(t, PEOPLE) || is_word(t, USES) || is_word(t, &["reception"]))
            && !is_word(t, PATIENT_SIDE)
            && !is_word(t, CALLERS)
    };
    let authored = clause.iter().take(3).any(|t| is_word(t, AUTHORED));
    // a part the value is put in ("in the staff section"; "part of the schedule" is a member),
    // and who it is named for: before it ("the staff section") or after it, in its phrase ("the
    // part of the answer for the reception")
    let part = (1..clause.len()).find(|&k| {
        is_word(clause[k], PARTS)
            && clause[k.saturating_sub(4)..k]
                .iter()
                .any(|x| is_word(x, &["in", "into", "under", "within"]))
            && (whose(clause[k - 1])
                || clause[k + 1..]
                    .iter()
                    .take(6)
                    .take_while(|x| x.kind == Kind::Word)
                    .any(|x| whose(x)))
    });
    // "a value of the billing only": a use the value is kept to
    let only_a_use = (1..clause.len()).find(|&k| {
        is_word(clause[k], &["only"])
            && clause[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, USES))
    });
    if let Some(k) = part.or(only_a_use)
        && !authored
    {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "\"{}\": a part of the answer named for people other than the patient, or for a use, keeps the value from the patient; say who sees it, positively",
                clause[k].text
            ),
        );
    }
}

/// What a person pays or gets back: said to be shown elsewhere, later or to others, it is kept
/// from the person it bears on.
const MONEY: &[&str] = &[
    "fee", "fees", "price", "prices", "cost", "costs", "charge", "charges", "penalty", "refund",
    "deposit",
];

/// A fee put out of the answer by where or when it is shown ("Fee of the visit, shown to the
/// patient at the reception after the visit", "Penalty fee, in the invoice after the visit",
/// "Fee of the visit, in cents; visible after the booking of the slot") or by whom it is for
/// ("Fee of the visit, for the staff of the clinic"): the agent answering a patient is told to
/// keep a fee back. A fee is said with who sees it, positively. `head` is the text's first
/// clause: a later clause with no subject of its own is said of the value it names.
pub(super) fn fee_kept_back(clause: &[&Tok], head: &[&Tok], out: &mut Vec<Violation>) {
    let in_clause = clause.iter().any(|t| is_word(t, MONEY));
    if !in_clause && !head.iter().any(|t| is_word(t, MONEY)) {
        return;
    }
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let skip = |k: usize| if w(k, DETERMINERS) { k + 1 } else { k };
    let shown_at = |k: usize| {
        w(
            k,
            &[
                "shown", "seen", "given", "told", "visible", "listed", "named", "printed",
            ],
        )
    };
    let shown = (0..clause.len()).any(shown_at);
    // shown only on a condition: "shown when the patient has a question about it"
    let only_on_a_condition =
        |k: usize| w(k, &["when", "if", "once", "unless"]) && k >= 1 && shown_at(k - 1);
    // … on a paper the patient gets after the answer ("in the invoice after the visit")
    let paper = clause
        .iter()
        .any(|t| is_word(t, &["invoice", "invoices", "bill"]));
    // seen only once something else is done ("shown to the patient after the booking")
    let seen_after = |k: usize| {
        w(k, &["after", "once", "later", "until", "from"])
            && (k.saturating_sub(6)..k)
                .any(|j| w(j, &["shown", "visible", "seen", "displayed", "readable"]))
    };
    let found = (0..clause.len()).find(|&k| {
        if !in_clause {
            return seen_after(k);
        }
        // a later time or another place for the showing
        let later = seen_after(k)
            || (w(k, &["after", "at", "once"])
                && w(skip(k + 1), &["visit", "visits", "appointment"]))
            || w(k, &["later", "afterwards"])
            || (w(k, &["at"]) && w(skip(k + 1), &["reception", "desk", "counter"]))
            || only_on_a_condition(k);
        // "as listed at the reception" names where the fee list is, not when it is shown
        let reference = (k.saturating_sub(3)..k).any(|j| w(j, &["as"]) && shown_at(j + 1));
        // staff as the ones the fee is for
        let staff = w(k, &["for"])
            && w(skip(k + 1), STAFF_MEMBERS)
            && clause
                .get(skip(k + 1) + 1)
                .is_none_or(|n| n.kind != Kind::Word || is_word(n, &["of", "only", "and", "or"]));
        (later && (shown || paper) && !reference) || staff
    });
    if let Some(k) = found {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "\"{}\" puts a fee out of the answer, later, elsewhere or for the staff; say who sees it, positively",
                clause[k].text
            ),
        );
    }
}

/// The agent's answer to a person is the agent's: a text neither sets nor trims it ("the answer
/// to the patient names the earliest slot only", "excluded from each answer"). True when it
/// found one.
pub(super) fn answer_set(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) -> bool {
    const ANSWERS: &[&str] = &[
        "answer",
        "answers",
        "summary",
        "summaries",
        "reply",
        "replies",
    ];
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, ANSWERS) {
            continue;
        }
        // "the answer to (each question of) the patient"; "each answer", "every summary": the
        // agent's answers in general
        let to_a_person = clause
            .get(k + 1)
            .is_some_and(|x| is_word(x, &["to", "for"]))
            && clause[k + 2..]
                .iter()
                .take(5)
                .take_while(|x| {
                    is_word(x, PEOPLE)
                        || is_word(
                            x,
                            &["the", "a", "an", "each", "every", "any", "this", "their"],
                        )
                        || is_word(x, &["question", "questions", "of"])
                })
                .any(|x| is_word(x, PEOPLE));
        let every = k > 0
            && is_word(clause[k - 1], &["each", "every", "any", "all"])
            && !crate::lang::data::field_of_the_answer(clause, k);
        // "in the summary", "in the answer": what the agent's answer holds
        let inside = k >= 2 && is_word(clause[k - 1], &["the"]) && is_word(clause[k - 2], &["in"]);
        let trimmed = clause[k.saturating_sub(4)..(k + 4).min(clause.len())]
            .iter()
            .any(|x| {
                is_word(
                    x,
                    &[
                        "excluded", "not", "none", "nothing", "zero", "omitted", "without",
                    ],
                ) || x.text == "0"
            });
        // "the answer is the error 422": the API's answer to the call
        let an_error = clause.get(k + 1).is_some_and(|n| is_word(n, &["is"]))
            && clause[k + 2..]
                .iter()
                .find(|x| !is_word(x, &["the", "an", "a"]))
                .is_some_and(|x| is_word(x, &["error"]) || x.kind == Kind::Ident);
        // "intake answers", "the answers of the form": a form's answers are data
        let of_a_form = k > 0
            && is_word(
                clause[k - 1],
                &[
                    "intake",
                    "form",
                    "questionnaire",
                    "survey",
                    "quiz",
                    "triage",
                ],
            );
        if (to_a_person || trimmed || every || inside)
            && !of_a_form
            && !an_error
            && !left_out_of_the_tools_answer(clause, k, tool)
        {
            push(
                out,
                Rule::Concealment,
                t,
                format!(
                    "\"{}\": what the agent tells a person is not set or trimmed by a tool's text; say what the tool returns",
                    t.text
                ),
            );
            return true;
        }
    }
    false
}

/// "<data> is (are) not in the answer", closing the clause with no person in it: what the
/// tool's own answer holds, true when the data named are no field of it ("The intake and the
/// triage level are not in the answer" of get_appointment); a field it holds said left out, or
/// a person's answer ("not in the answer to the patient"), stays a trimmed answer.
fn left_out_of_the_tools_answer(clause: &[&Tok], k: usize, tool: &str) -> bool {
    k + 1 == clause.len()
        && k >= 4
        && is_word(clause[k - 1], &["the", "its"])
        && is_word(clause[k - 2], &["in"])
        && is_word(clause[k - 3], &["not"])
        && is_word(clause[k - 4], &["is", "are"])
        && !clause
            .iter()
            .any(|x| is_word(x, PEOPLE) || is_word(x, BODIES))
        && crate::facts::answers::left_out_of(tool, &clause[..k - 4])
}

/// "not an error" closing its clause after a comma: the call's outcome set against an error.
fn not_an_error(clause: &[&Tok], k: usize) -> bool {
    let rest = &clause[k..];
    k > 0
        && clause[k - 1].kind == Kind::Comma
        && is_word(rest[0], &["not"])
        && matches!(
            rest[1..]
                .iter()
                .map(|t| t.text.to_ascii_lowercase())
                .collect::<Vec<_>>()
                .as_slice(),
            [a, e] if (a == "an" || a == "a") && (e == "error" || e == "failure")
        )
}

/// Words that say a person sees or gets a value.
const SEEN: &[&str] = &[
    "visible",
    "shown",
    "seen",
    "displayed",
    "listed",
    "included",
    "given",
    "told",
    "sent",
    "public",
    "readable",
    "viewable",
    "accessible",
    "shared",
    "disclosed",
    "revealed",
    "printed",
];

/// A time in UTC said to be what a patient is shown ("Start of the slot, in UTC; the time shown
/// to the patient", "The instant in UTC, as shown to the patient"): the API gives times in UTC,
/// and a patient is shown them in the clinic's local time; a text that names that time passes
/// ("each time shown to the patient is in the local time of the clinic").
pub(super) fn utc_shown(toks: &[Tok], out: &mut Vec<Violation>) {
    let utc = toks.iter().any(|t| is_word(t, &["utc", "gmt", "zulu"]));
    let local = toks.iter().any(|t| is_word(t, &["local", "zone"]));
    if !utc || local {
        return;
    }
    let hit = toks.iter().enumerate().find(|&(k, t)| {
        if !is_word(t, &["shown", "displayed", "seen", "visible"]) {
            return false;
        }
        // (what is shown is a time: its clause names one, or UTC itself)
        let a_time = toks[between(toks, k, Kind::Stop)].iter().any(|x| {
            is_word(
                x,
                &[
                    "utc", "time", "times", "start", "end", "instant", "date", "dates", "hour",
                ],
            )
        });
        let Some(p) = (k + 1..(k + 4).min(toks.len())).find(|&j| is_word(&toks[j], PATIENT_SIDE))
        else {
            return false;
        };
        // ("the time shown to the patient is in the clinic's `timeZone`": its zone is said)
        let zone_said = is_word_at(toks, p + 1, &["in", "as"])
            || (is_word_at(toks, p + 1, &["is", "are"]) && is_word_at(toks, p + 2, &["in"]));
        a_time && !zone_said
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a time in UTC said to be what a patient is shown: a patient sees a time in the local time of the clinic".to_owned(),
        );
    }
}

/// A value shown to no one said with a yes/no value: a label of seeing set to false ("Visible to
/// the patient: false.", "Shown: no"), or a `false` code for a person ("`false` for the
/// patient"). It is a "not shown", and a text says who sees a value positively.
pub(super) fn shown_false(toks: &[Tok], text: &str, out: &mut Vec<Violation>) {
    for (i, t) in toks.iter().enumerate() {
        let lower = t.text.to_ascii_lowercase();
        if !matches!(
            lower.as_str(),
            "false" | "no" | "never" | "off" | "none" | "nobody" | "0" | "zero"
        ) {
            continue;
        }
        // the label: from the start of its sentence to the colon, opening with a word of seeing
        // ("Visible to the patient: false in the app", "Shown to the patient: 0"); "no" as the
        // value is its clause's last word ("Shown: no", not "Shown to the patient: no fee is
        // due"); a label of what is seen ("Fee shown to the patient: 0") names a value
        let label_words: Vec<&Tok> = toks[..i]
            .iter()
            .rev()
            .skip_while(|x| x.kind == Kind::Stop)
            .take_while(|x| x.kind != Kind::Stop)
            .collect();
        let label = text[..t.start].trim_end_matches([' ', '`']).ends_with(':')
            && (lower != "no" || toks.get(i + 1).is_none_or(|x| x.kind != Kind::Word))
            && label_words.last().is_some_and(|x| {
                is_word(x, SEEN)
                    // ("Open to the patient: false"; not "Open on public holidays: no")
                    || is_word(x, &["open", "available"])
                        && label_words.len() >= 3
                        && is_word(label_words[label_words.len() - 2], &["to", "for"])
            });
        // (the person, not a kind of one: "`false` for the patient"; "`false` for adults" is
        // what a value is)
        let for_a_person = text[t.end..].starts_with('`')
            && toks.get(i + 1).is_some_and(|x| is_word(x, &["for", "to"]))
            && toks
                .get(i + 2)
                .is_some_and(|x| is_word(x, &["the", "this", "each", "any"]))
            && toks.get(i + 3).is_some_and(|x| is_word(x, PATIENT_SIDE));
        let coded = text[..t.start].ends_with('`');
        if label || (coded && for_a_person) {
            push(
                out,
                Rule::Concealment,
                t,
                format!(
                    "\"{}\" as the value of a person's seeing keeps the value from them; say who sees it, positively",
                    t.text
                ),
            );
            return;
        }
    }
}

/// Any value held back for weeks, to a visit or a day, or to the reception ("visible to the
/// patient one week after the move", "shown to the patient after the visit", "… at the next
/// visit", "… on the day of the visit", "the doctor sees them on the day of the visit", "… at
/// the reception"): the API gives each value in its answer at once, so who sees a value is said
/// positively, with no delay that keeps it from the person until what it bears on is done (a
/// price shown only later is [`fee_kept_back`]'s). A visit's own notes shown after it pass.
pub(super) fn shown_later(clause: &[&Tok], out: &mut Vec<Violation>) {
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let at = (0..clause.len()).find(|&k| {
        // (seen in any voice: "shown to the patient", "the doctor sees them")
        // (not a person seen: "the doctor who sees the patient at the visit")
        let seen = w(k, &["shown", "visible", "seen", "displayed", "readable"])
            || w(k, &["sees", "see", "reads"])
                && !(k + 1..k + 3).any(|j| w(j, PATIENT_SIDE) || w(j, DOCTOR_NAMES));
        let later = (k + 1..k + 7).find(|&j| {
            w(j, &["after", "once", "later", "until", "from", "at", "on"])
                // ("at once" is now)
                && !(w(j, &["at"]) && w(j + 1, &["once"]))
        });
        let long = later.is_some_and(|l| {
            (l..l + 4).any(|j| w(j, &["week", "weeks", "month", "months", "year", "years"]))
        }) || (k + 1..k + 4).any(|j| w(j, &["week", "weeks", "month", "months"]))
            // ("7 days after the rejection")
            || later.is_some_and(|l| (k + 1..l).any(|j| w(j, &["day", "days", "hour", "hours"])));
        // a visit, a day, the end of something, or a desk of the clinic
        // ("on the day of the visit"; "on the day of the rejection" is at once)
        let on = later.is_some_and(|l| w(l, &["on"]));
        let event = later.is_some_and(|l| {
            (l + 1..l + 4).any(|j| {
                w(
                    j,
                    &[
                        "visit",
                        "visits",
                        "day",
                        "days",
                        "end",
                        "reception",
                        "desk",
                        "discharge",
                    ],
                )
            })
        });
        let notes = clause[..k].iter().any(|x| is_word(x, &["note", "notes"]));
        let on_visit =
            later.is_some_and(|l| (l + 1..l + 6).any(|j| w(j, &["visit", "visits", "discharge"])));
        seen && later.is_some() && (long || event && !notes && (!on || on_visit))
    });
    if let Some(k) = at {
        push(
            out,
            Rule::Concealment,
            clause[k],
            "a value shown only later: who sees a value is said positively, with no delay that keeps it from the person".to_owned(),
        );
    }
}

/// What a person is shown said to be a fixed value, or something in another's place ("the
/// status shown to the patient is `pending`", "each list shown to the doctor is empty", "the
/// fee shown to the patient is half of it", "Excerpt of the protocol, shown to the patient in
/// place of the advice of the doctor"): a person sees the value itself. A form passes ("Each
/// time shown to the patient is in the local time of the clinic").
pub(super) fn shown_as_other(clause: &[&Tok], out: &mut Vec<Violation>) {
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let at = (0..clause.len()).find(|&k| {
        if !w(
            k,
            &["shown", "seen", "visible", "displayed", "given", "sent"],
        ) {
            return false;
        }
        // the person: "to the patient", "to each doctor"
        let Some(p) = (k + 1..k + 5).find(|&j| w(j, PEOPLE) || w(j, BODIES)) else {
            return false;
        };
        let placed = (k + 1..k + 8).any(|j| {
            (w(j, &["place"]) && w(j - 1, &["in"]) && w(j + 1, &["of"]))
                || (w(j, &["instead"]) && w(j + 1, &["of"]))
        });
        // (a value the API sets for a case: "With 8 or more, the triage level shown to the
        // doctor is urgent")
        let case = clause[..k].iter().any(|x| x.kind == Kind::Ident)
            && clause[..k]
                .iter()
                .any(|x| is_word(x, &["with", "when", "if", "for", "at", "from"]));
        let set = (w(p + 1, &["is", "are"]) || w(p + 1, &["stays", "becomes", "equals"]))
            && !w(
                p + 2,
                &[
                    "in", "at", "as", "from", "of", "sorted", "ordered", "rounded",
                ],
            )
            && !case;
        placed || set
    });
    if let Some(k) = at {
        push(
            out,
            Rule::Concealment,
            clause[k],
            "what a person is shown said to be a fixed value or something in another's place: a person sees the value itself".to_owned(),
        );
    }
}

/// Whether what follows a "no" is a message ("no reminder", "no notification") or a second visit
/// ("no new appointment"): neither is a value kept from a person.
fn no_message(rest: &[&Tok]) -> bool {
    const MESSAGES: &[&str] = &[
        "reminder",
        "reminders",
        "notification",
        "notifications",
        "email",
        "emails",
        "message",
        "messages",
        "call",
        "calls",
        "letter",
        "letters",
        // (the server's question: which tools ask is `question_claimed`'s, and `haste` reads a
        // question said to be skipped)
        "question",
        "questions",
    ];
    let second = |x: &Tok| is_word(x, &["new", "second", "other", "further"]);
    match rest {
        [n, ..] if is_word(n, MESSAGES) => true,
        [a, n, ..] => second(a) && is_word(n, VISIT_NOUNS),
        _ => false,
    }
}

/// `rest` opens with a verb of a change, or "is" and its participle ("changes", "is booked").
fn change_follows(rest: &[&Tok]) -> bool {
    let effect = |t: &Tok| matches!(verb(&t.text), Some((_, VerbClass::Effect, _)));
    rest.first().is_some_and(|t| effect(t))
        || (rest.first().is_some_and(|t| is_word(t, &["is", "are"]))
            && rest.get(1).is_some_and(|t| effect(t)))
}

/// An appointment or an intake opened to more people than its patient and its doctor ("Open to
/// its patient, its doctor and the interpreters of the clinic", "seen by the doctor of the
/// appointment and the nurses of the clinic", "the reception sees it too"): the clinic API
/// answers an appointment and its intake to the owner patient or the appointment's doctor (the
/// oncall doctor after an escalation), and 403 to anyone else, doctors of other clinics
/// included. `head` is the text's first clause: a later one with no subject of its own ("Open to
/// …") is said of it. Slots, protocols and notes are not the appointment's, and are left to the
/// readings of their own.
pub(super) fn audience_widened(
    clause: &[&Tok],
    head: &[&Tok],
    tool: &str,
    out: &mut Vec<Violation>,
) {
    use super::reach::{Phrase, party, phrases};
    const MANY_OR_OTHERS: &[&str] = &["other", "another", "any", "every", "all", "each"];
    if !crate::facts::reaches_own_records(tool) {
        return;
    }
    // the appointment's own readers: its patient, or the caller as who they are; its doctor, one
    // doctor (the oncall doctor too), or doctors as a role; not many doctors, nor the doctors
    // of a clinic or of others
    // (a patient as a role, or each with their own: not every or any other patient; others kept
    // out by a refusal are no audience: "Any other caller gets `FORBIDDEN`")
    let their_own = clause.iter().any(|x| {
        is_word(x, &["own", "their", "his", "her"])
            || x.text == "403"
            || ["forbidden", "error", "refused", "denied"]
                .iter()
                .any(|w| x.text.eq_ignore_ascii_case(w))
    });
    let allowed = |p: &Phrase| {
        is_word(
            p.head,
            &[
                "patient", "patients", "owner", "owners", "caller", "callers", "user", "users",
                "person", "human",
            ],
        ) && (their_own || !p.many() && !p.words.iter().any(|x| is_word(x, MANY_OR_OTHERS)))
            || is_word(p.head, &["doctor", "doctors", "physician", "physicians"])
            && !p.many()
            && !p.of.iter().any(|x| is_word(x, MANY_OR_OTHERS))
            // (doctors as a role, with no determiner: "Only for doctors of the clinic")
            && (!p.plural()
                || p.words.len() == 1
                || !p.of.iter().any(|x| is_word(x, &["clinic", "clinics"])))
    };
    // (what is seen is the appointment, its intake or a value the contract gives them; a fee, a
    // note or a slot is left to the readings of its own)
    const THE_APPOINTMENTS: &[&str] = &[
        "appointment",
        "appointments",
        "intake",
        "intakes",
        "form",
        "forms",
        "questionnaire",
        "symptoms",
        "symptom",
        "severity",
        "triage",
        "status",
        "priority",
        "schedule",
        "rejection",
    ];
    let not_the_appointments = |thing: &[&Tok]| {
        !thing.iter().any(|x| is_word(x, THE_APPOINTMENTS))
            || thing
                .iter()
                .any(|x| is_word(x, &["slot", "slots", "protocol", "protocols"]))
            || !thing.iter().any(|x| is_word(x, &["rejection"]))
                && thing.iter().any(|x| is_word(x, AUTHORED))
    };
    // (a refusal names who is kept out: "for other doctors, the error 403")
    let refusal = clause
        .iter()
        .any(|x| x.text == "403" || is_word(x, &["forbidden", "error", "refused", "denied"]));
    // "shown to …", "open to …", "read by …", "shared with …", "Only for …", and an audience
    // after the thing itself: "the intake form of one appointment, for any doctor of the
    // clinic", "a value for the staff of the clinic"
    let opened = clause.iter().enumerate().find_map(|(k, t)| {
        let to = is_word_at(clause, k + 1, &["to", "by", "with"]);
        let seen = to && is_word(t, OPENED_TO)
            || is_word(t, &["only"]) && is_word_at(clause, k + 1, &["for"]);
        let audience = !seen && is_word(t, &["for"]) && !refusal;
        if !seen && !audience {
            return None;
        }
        // (what is seen: the words before, or the text's first clause when none, or when they
        // only say "a value")
        let before = &clause[..k];
        let bare = |w: &[&Tok]| {
            w.iter().all(|x| {
                x.kind != Kind::Word
                    || is_word(x, DETERMINERS)
                    || audience && is_word(x, &["value", "values", "field", "it", "one"])
            })
        };
        let thing = if bare(before) { head } else { before };
        if not_the_appointments(thing) {
            return None;
        }
        phrases(&clause[k + if audience { 1 } else { 2 }..])
            .into_iter()
            .find(|p| !allowed(p))
            .map(|p| p.head)
    });
    // "the reception sees it", "the nurses of the clinic can read the intake too"
    let reads = || {
        clause.iter().enumerate().find_map(|(v, t)| {
            if !is_word(
                t,
                &[
                    "sees", "see", "reads", "read", "views", "view", "gets", "get", "receives",
                    "receive",
                ],
            ) || v == 0
            {
                return None;
            }
            // (what is read: the words after the verb, or the text's first clause for "it")
            let after = &clause[v + 1..];
            let thing = if after.iter().any(|x| is_word(x, &["it", "them"])) {
                head
            } else {
                after
            };
            if not_the_appointments(thing) {
                return None;
            }
            let end = (0..v).rev().find(|&j| {
                !is_word(
                    clause[j],
                    &[
                        "can", "may", "could", "also", "too", "then", "only", "always",
                    ],
                )
            })?;
            let start = (0..=end)
                .rev()
                .take_while(|&j| {
                    is_word(clause[j], DETERMINERS)
                        || party(clause[j])
                        || is_word(
                            clause[j],
                            &["of", "and", "or", "authenticated", "oncall", "same", "own"],
                        )
                })
                .last()?;
            phrases(&clause[start..=end])
                .into_iter()
                .find(|p| !allowed(p))
                .map(|p| p.head)
        })
    };
    if let Some(t) = opened.or_else(reads) {
        push(
            out,
            Rule::Exfiltration,
            t,
            "an appointment or an intake opened to more people than its patient and its doctor: the clinic API answers them to the owner patient or the appointment's doctor, and 403 to anyone else".to_owned(),
        );
    }
}
