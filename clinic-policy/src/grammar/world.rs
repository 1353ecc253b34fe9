//! What a statement cannot know of the world: where other people are or how booked they are,
//! and what people mostly do. A catalogue is written once; the clinic's answer says the rest.

use super::effects::in_condition;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that pick one thing of a set, in a predicate ("with the first doctor"), besides the
/// superlatives of [`PICKS`].
const PICKED: &[&str] = &["first", "last", "top", "default", "next"];

/// Acts and people, the subjects of a norm ("most bookings", "new patients").
const ACTS_AND_PEOPLE: &[&str] = &[
    "booking",
    "bookings",
    "visit",
    "visits",
    "appointments",
    "move",
    "moves",
    "cancellations",
    "patients",
    "people",
    "persons",
    "callers",
    "users",
];

/// A person of a kind, by the vocabulary's nouns of a specialist ("cardiologists",
/// "pediatricians") or the people the grammar knows.
fn person_kind(t: &Tok) -> bool {
    t.kind == Kind::Word
        && (is_word(t, PEOPLE)
            || ["ist", "ists", "ian", "ians", "eon", "eons"]
                .iter()
                .any(|s| t.text.len() > 6 && t.text.ends_with(s)))
}

/// Where the subject of the verb at `v` starts: after the last mark or condition word before it.
fn subject_before<'a, 'b>(clause: &'a [&'b Tok], v: usize) -> &'a [&'b Tok] {
    let start = clause[..v]
        .iter()
        .rposition(|x| {
            x.kind != Kind::Word || is_word(x, &["when", "if", "that", "which", "who", "means"])
        })
        .map_or(0, |p| p + 1);
    &clause[start..v]
}

/// Other people's whereabouts or bookings, said of particular people ("The cardiologists of the
/// clinic are on holiday in June", "Other doctors have few open slots", "Each other doctor is in
/// surgery on weekdays"): the world, which the clinic's answer says when it is asked. A rule of
/// the data said of any one of a kind passes ("A doctor on leave has no open slots").
pub(super) fn others_away(clause: &[&Tok], out: &mut Vec<Violation>) {
    for v in 1..clause.len() {
        let have = is_word(clause[v], &["has", "have"]);
        let be = is_word(
            clause[v],
            &["is", "are", "stays", "stay", "remains", "remain"],
        );
        // (an example of a value is the value: "a reason, for example: the doctor is absent")
        if !(have || be)
            || in_condition(clause, v)
            || clause[..v]
                .iter()
                .any(|x| is_word(x, &["example", "examples"]))
        {
            continue;
        }
        let subject = subject_before(clause, v);
        let Some(head) = subject
            .iter()
            .take_while(|x| !is_word(x, PREPOSITIONS))
            .last()
        else {
            continue;
        };
        // particular people: "the", "other", "each other", "these"; not "a doctor", "doctors"
        let particular = subject.first().is_some_and(|d| {
            is_word(
                d,
                &[
                    "the", "other", "each", "every", "all", "these", "those", "most", "many",
                    "some", "several",
                ],
            )
        });
        if !person_kind(head) || !particular {
            continue;
        }
        let rest: Vec<&Tok> = clause[v + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word)
            .take(5)
            .copied()
            .collect();
        let booked =
            have && rest.first().is_some_and(|q| {
                is_word(
                    q,
                    &[
                        "no", "few", "many", "little", "fewer", "more", "less", "some", "any",
                    ],
                )
            }) && rest.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "slot",
                        "slots",
                        "day",
                        "days",
                        "time",
                        "times",
                        "room",
                        "place",
                        "places",
                        "capacity",
                        "patients",
                        "bookings",
                        "appointments",
                    ],
                )
            });
        let away = be
            && (rest.first().is_some_and(|x| {
                is_word(
                    x,
                    &[
                        "away",
                        "off",
                        "busy",
                        "absent",
                        "unavailable",
                        "out",
                        "full",
                        "booked",
                        "sick",
                        "ill",
                        "elsewhere",
                    ],
                )
            }) || rest.windows(2).next().is_some_and(|w| {
                is_word(w[0], &["on", "in", "at"])
                    && is_word(
                        w[1],
                        &[
                            "holiday", "holidays", "leave", "vacation", "surgery", "training",
                            "strike", "break",
                        ],
                    )
            }));
        if booked || away {
            push(
                out,
                Rule::Directive,
                clause[v],
                format!(
                    "\"{} {} …\": where particular people are or how booked they are is the world's, which the clinic's answer says; a catalogue says what the tool returns",
                    head.text, clause[v].text
                ),
            );
            return;
        }
    }
}

/// What people or acts mostly go with, placed beside a pick ("Most bookings are of the earliest
/// slot", "New bookings after this list are with the first doctor", "The first doctor of the list
/// is the default for a new booking"): a pick said as a norm or a default of a change. An order
/// of results is said as an order ("earliest first").
pub(super) fn norm_picks(clause: &[&Tok], out: &mut Vec<Violation>) {
    for v in 1..clause.len() {
        // (a condition does not excuse it: "Bookings after this search are in the earliest slot")
        if !is_word(clause[v], &["is", "are"]) {
            continue;
        }
        let subject = subject_before(clause, v);
        let rest = &clause[v + 1..];
        let phrase: Vec<&Tok> = rest
            .iter()
            .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
            .take(6)
            .copied()
            .collect();
        // placed with a picked thing: "of/with/in/at the first …", "in the earliest one"
        let placed = phrase
            .first()
            .is_some_and(|p| is_word(p, &["of", "with", "in", "at", "for", "on", "to"]))
            && phrase.iter().enumerate().any(|(i, x)| {
                (is_word(x, PICKED) || is_word(x, PICKS))
                    && !amount_of_time(&phrase[(i + 1).min(phrase.len())..])
            });
        let acts = subject.iter().any(|x| is_word(x, ACTS_AND_PEOPLE));
        // the caller's or this tool's things put first ("Entries of this caller are in the first
        // section of the list", "Appointments of this tool are at the start of the roster")
        let own = subject
            .windows(2)
            .any(|w| is_word(w[0], &["this", "the"]) && is_word(w[1], &["caller", "tool"]));
        let front = phrase
            .first()
            .is_some_and(|p| is_word(p, &["in", "at", "on"]))
            && phrase
                .iter()
                .any(|x| is_word(x, &["start", "top", "front", "head", "beginning"]));
        // "the default for a new booking": a value said to be a change's default
        let default_of_a_change = phrase
            .windows(2)
            .any(|w| is_word(w[0], &["default"]) && is_word(w[1], &["for", "of"]))
            && phrase
                .iter()
                .any(|x| is_word(x, ACTS_AND_PEOPLE) || is_word(x, &["new", "cancellation"]));
        if (placed && (acts || own)) || (front && own) || default_of_a_change {
            push(
                out,
                Rule::Directive,
                clause[v],
                "a pick said as what people or acts go with, or as a change's default: a text says what a value is, and an order of results is said as an order (\"earliest first\")".to_owned(),
            );
            return;
        }
    }
}

/// A value of other people or places, or of a picked one, said as a number, a time or a share
/// ("The count of open slots of each other doctor is zero", "The date of the next open slot of
/// each other doctor is in December", "The score of the first doctor is 10", "The fee of the
/// first doctor is half the fee of each other doctor"): the world of others, or a ranking, which
/// the clinic's answer gives. Values of a kind pass ("Slots of other doctors are left out").
pub(super) fn others_values(clause: &[&Tok], out: &mut Vec<Violation>) {
    for v in 1..clause.len() {
        if !is_word(clause[v], &["is", "are"]) || in_condition(clause, v) {
            continue;
        }
        let subject = subject_before(clause, v);
        // the value is another's or a picked one's: "of each other doctor", "of the first doctor"
        let others = subject.windows(2).any(|w| {
            (is_word(w[0], &["other", "another"]) || is_word(w[0], PICKED) || is_word(w[0], PICKS))
                && (person_kind(w[1])
                    || is_word(w[1], &["clinic", "clinics", "hospital", "hospitals"]))
        });
        if !others {
            continue;
        }
        let rest: Vec<&Tok> = clause[v + 1..]
            .iter()
            .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
            .take(6)
            .copied()
            .collect();
        let measured = rest.iter().any(|x| {
            (x.kind == Kind::Ident && x.text.bytes().all(|b| b.is_ascii_digit()))
                || is_word(
                    x,
                    &[
                        "zero", "none", "half", "double", "twice", "few", "many", "one", "two",
                        "ten",
                    ],
                )
                || is_word(x, WEEKDAYS_AND_MONTHS)
        });
        if measured {
            push(
                out,
                Rule::Directive,
                clause[v],
                "a value of other people or places, or of a picked one, said as a number, a time or a share: the world of others, or a ranking, which the clinic's answer gives".to_owned(),
            );
            return;
        }
    }
}
