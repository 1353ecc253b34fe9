//! What a code is said to mean when the tool's own answer comes back empty. (An error in general
//! said to stand for the change unmade is read with the failures in a condition, by
//! `glosses::failure_unmade`.)

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// A code glossed as the tool's own answer coming back empty ("`UNKNOWN_SPECIALTY` means no
/// doctor of that specialty has open slots" on `find_available_slots`): an empty answer is no
/// error, and a code stands for its own case ("No doctor has the specialty …"). The tool's
/// object is the words of its name after its verb ("available", "slots"); a code that names
/// that object itself (`SLOT_TAKEN`, `SLOT_NOT_FOUND`) is glossed by it.
pub(super) fn code_glossed_as_empty(
    text: &str,
    toks: &[Tok],
    tool: &str,
    out: &mut Vec<Violation>,
) {
    let stem = |w: &str| w.strip_suffix('s').unwrap_or(w).to_owned();
    let object: Vec<String> = tool.split('_').skip(1).map(stem).collect();
    if object.is_empty() {
        return;
    }
    let of_object = |x: &Tok| x.kind == Kind::Word && object.contains(&stem(&x.text));
    for (k, t) in toks.iter().enumerate() {
        let code = t.text.to_ascii_lowercase();
        let capitals = !text[t.start..t.end].bytes().any(|b| b.is_ascii_lowercase());
        if !(capitals && code.contains('_') && super::known_code(&code)) {
            continue;
        }
        if code.split('_').any(|p| object.contains(&stem(p))) {
            continue;
        }
        // the gloss: "`X` means …", "`X` is …"
        if !toks
            .get(k + 1)
            .is_some_and(|x| is_word(x, &["means", "mean", "is", "says", "signals", "indicates"]))
        {
            continue;
        }
        let end = (k + 2..toks.len())
            .find(|&j| matches!(toks[j].kind, Kind::Stop))
            .unwrap_or(toks.len());
        let gloss = &toks[k + 2..end];
        // what is denied: the words after the verb that follows a denial ("no doctor … has
        // open slots"), or the denial's own noun ("no open slots for it")
        let denied = gloss.iter().enumerate().any(|(i, x)| {
            if !(is_word(x, NEGATIONS) || is_word(x, &["no", "nothing"])) {
                return false;
            }
            let rest = &gloss[i + 1..];
            let verb_at = rest.iter().position(|y| {
                is_word(
                    y,
                    &[
                        "has", "have", "is", "are", "gives", "give", "holds", "hold", "finds",
                        "find",
                    ],
                )
            });
            match verb_at {
                Some(v) => rest[v + 1..]
                    .iter()
                    .take_while(|y| y.kind == Kind::Word)
                    .take(4)
                    .any(&of_object),
                None => rest.iter().take(3).any(&of_object),
            }
        });
        if denied {
            push(
                out,
                Rule::Directive,
                t,
                "a code glossed as the tool's answer coming back empty: an empty answer is no error, and a code means its own case (`UNKNOWN_SPECIALTY`: no doctor has that specialty)".to_owned(),
            );
            return;
        }
    }
}

/// The tools that answer `UNKNOWN_SPECIALTY` for a specialty no doctor of the clinic has.
const SPECIALTY_TOOLS: &[&str] = &["list_doctors", "find_available_slots"];

/// A specialty no doctor has said to give an empty answer, or no error ("A specialty with no
/// doctor gives no slots and no error", "a name no doctor has gives zero doctors", "an unknown
/// specialty returns an empty list"), or any other answer than `UNKNOWN_SPECIALTY` ("… gives
/// every doctor", "all of them when the specialty is unknown", "0 for an unknown specialty",
/// "… gives `DOCTOR_NOT_FOUND`"): the server answers `UNKNOWN_SPECIALTY` with the known
/// specialties, so the agent that expects a list reads the error as a failure of its own. A specialty whose doctors have no open slots does give an empty list: "no doctor" with
/// a slot or a time after it before the verb is said of the slots, not of the specialty.
pub(super) fn unknown_specialty_said_empty(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !SPECIALTY_TOOLS.contains(&tool)
        || !toks
            .iter()
            .any(|x| is_word(x, &["specialty", "specialties"]))
    {
        return;
    }
    const GIVE: &[&str] = &[
        "gives", "give", "returns", "return", "yields", "yield", "answers", "means", "lists",
        "brings", "leads", "finds", "is", "are",
    ];
    const OF_SLOTS: &[&str] = &[
        "slot",
        "slots",
        "open",
        "free",
        "available",
        "availability",
        "time",
        "times",
        "window",
        "day",
        "week",
    ];
    // (what "an unknown one" stands for: the first argument the text names, "Exact specialty
    // name, …; an unknown one …", not "Id of one doctor; either this or specialty, …")
    let about_specialty = toks
        .iter()
        .find(|x| {
            is_word(
                x,
                &[
                    "specialty",
                    "specialties",
                    "name",
                    "id",
                    "ids",
                    "doctor_id",
                    "key",
                    "date",
                    "window",
                    "page",
                    "limit",
                ],
            )
        })
        .is_some_and(|x| is_word(x, &["specialty", "specialties", "name"]));
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        // (the specialty no doctor has: "with no doctor", "no doctor has", "an unknown
        // specialty", "a specialty that does not exist")
        let cond = s.iter().enumerate().find_map(|(k, t)| {
            let no_doctor = is_word(t, &["doctor", "doctors"])
                && k >= 1
                && is_word(&s[k - 1], &["no", "zero"])
                && !s[k + 1..]
                    .iter()
                    .take_while(|x| {
                        x.kind != Kind::Comma && (!is_word(x, GIVE) || is_word(x, &["is", "are"]))
                    })
                    .take(6)
                    .any(|x| is_word(x, OF_SLOTS));
            // ("an unknown specialty", "an unknown one" after the specialty, "the specialty is
            // unknown")
            let unknown = is_word(t, &["unknown", "nonexistent", "unlisted"])
                && (s[k + 1..]
                    .iter()
                    .take(2)
                    .any(|x| is_word(x, &["specialty", "name"]))
                    || is_word_at(s, k + 1, &["one"]) && about_specialty
                    || s[k.saturating_sub(3)..k]
                        .iter()
                        .any(|x| is_word(x, &["specialty"]))
                        && is_word_at(s, k.wrapping_sub(1), &["is", "are"]));
            let not_exist = is_word(t, &["exist", "exists"]) && crate::served::denied(s, k);
            (no_doctor || unknown || not_exist).then_some(k)
        });
        let Some(c) = cond else {
            continue;
        };
        // (the answer is `UNKNOWN_SPECIALTY`, or an error named by no other code: anything else
        // said of the case is another answer, "gives every doctor", "0", "`DOCTOR_NOT_FOUND`")
        let other_code = s.iter().any(|x| {
            x.kind == Kind::Ident
                && x.text.contains('_')
                && x.text != "unknown_specialty"
                && x.text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
                && !crate::served::args_of(tool).any(|a| a.name == x.text)
        });
        let answered = s.iter().any(|x| x.text == "unknown_specialty")
            || !other_code
                && s.iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "error", "errors", "refused", "refuses", "refusal", "known", "knows",
                        ],
                    )
                });
        // (the answer said empty after it: "no slots", "zero doctors", "an empty list", "no
        // error", "nothing")
        let empty = s[c + 1..].iter().enumerate().find(|&(i, x)| {
            let rest = &s[c + 1..];
            // ("an error, not an empty list" denies the empty answer)
            let denied = rest[i.saturating_sub(2)..i]
                .iter()
                .any(|y| is_word(y, &["not"]));
            !denied && is_word(x, &["empty", "nothing", "none"])
                || is_word(x, &["no", "zero"])
                    && rest.get(i + 1).is_some_and(|y| {
                        is_word(
                            y,
                            &[
                                "slot", "slots", "doctor", "doctors", "error", "errors", "result",
                                "results", "match", "matches", "code", "entries",
                            ],
                        )
                    })
        });
        if let Some((_, t)) = empty {
            push(
                out,
                Rule::Directive,
                t,
                "a specialty no doctor has said to give an empty answer: the server answers `UNKNOWN_SPECIALTY` with the specialties it knows".to_owned(),
            );
            return;
        }
        if !answered {
            push(
                out,
                Rule::Directive,
                &s[c],
                "a specialty no doctor has said to give another answer: the server answers `UNKNOWN_SPECIALTY` with the specialties it knows, and nothing else".to_owned(),
            );
            return;
        }
    }
}

/// A search of too many doctors, or of part of them, said to give slots ("With too many doctors,
/// the slots of the first 10 doctors are returned", "… the search is narrowed to the largest
/// specialty", "Without both, the first 5 doctors of the clinic are searched", "… or when only
/// part of the doctors was searched"): past the call's cap of requests the server answers
/// `SEARCH_TOO_BROAD` and sends nothing more, and a search it makes covers every doctor it
/// names. The agent reads a part as the whole and tells the patient nothing else is open.
pub(super) fn too_broad_misread(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !crate::served::args_of(tool).any(|a| a.name == "doctor_id") {
        return;
    }
    const RESULT: &[&str] = &[
        "returned",
        "returns",
        "searched",
        "narrowed",
        "given",
        "gives",
        "listed",
        "lists",
        "truncated",
        "cut",
        "limited",
        "covers",
        "covered",
    ];
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        let w = |j: usize, list: &[&str]| is_word_at(s, j, list);
        let doctors = |j: usize| w(j, &["doctors", "doctor"]);
        // "too many doctors", "more doctors than", "too broad"
        let too_many = (0..s.len()).find(|&j| {
            w(j, &["too"]) && (w(j + 1, &["many", "broad", "wide"]))
                || w(j, &["more"]) && doctors(j + 1) && w(j + 2, &["than"])
        });
        // "the first 10 doctors", "part of the doctors", "some of the doctors", "the first
        // doctors"
        let part = (0..s.len()).find(|&j| {
            w(j, &["first", "part", "some", "half"])
                && (doctors(j + 1)
                    || s.get(j + 1).is_some_and(|x| x.kind == Kind::Ident) && doctors(j + 2)
                    || w(j + 1, &["of"]) && w(j + 2, &["the"]) && doctors(j + 3))
        });
        let Some(at) = too_many.or(part) else {
            continue;
        };
        let answered = s.iter().any(|x| {
            x.text == "search_too_broad"
                || is_word(
                    x,
                    &[
                        "error", "errors", "nothing", "refused", "no", "not", "never",
                    ],
                )
        });
        if answered || !s.iter().any(|x| is_word(x, RESULT)) {
            continue;
        }
        push(
            out,
            Rule::Directive,
            &s[at],
            "a search past the cap, or of part of the doctors, said to give slots: the server answers `SEARCH_TOO_BROAD` and sends nothing more, and a search covers every doctor it names".to_owned(),
        );
        return;
    }
}

/// An unknown doctor id said to give anything but `DOCTOR_NOT_FOUND` ("an unknown id gives no
/// slots and no error"): the slot search checks the id against the doctor list and answers
/// `DOCTOR_NOT_FOUND`, so the agent that reads an empty list tells the patient the doctor is
/// fully booked. Read on a tool that takes a doctor's id; an error named by no other code
/// passes ("an unknown id gives an error").
pub(super) fn unknown_doctor_misread(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !crate::served::args_of(tool).any(|a| a.name == "doctor_id") {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        let Some(c) = (0..s.len()).find(|&k| {
            is_word(&s[k], &["unknown", "nonexistent"])
                && s[k + 1..]
                    .iter()
                    .take(2)
                    .any(|x| is_word(x, &["id", "doctor", "doctor_id"]))
        }) else {
            continue;
        };
        let code = |x: &Tok| x.kind == Kind::Ident && x.text.contains('_') && x.text != "doctor_id";
        let answered = s.iter().any(|x| x.text == "doctor_not_found")
            || !s.iter().any(code)
                && s.iter().enumerate().any(|(j, x)| {
                    is_word(x, &["error", "errors", "refused"])
                        && !(j >= 1 && is_word(&s[j - 1], &["no", "not"]))
                });
        if !answered {
            push(
                out,
                Rule::Directive,
                &s[c],
                "an unknown doctor id said to give another answer: the server answers `DOCTOR_NOT_FOUND`".to_owned(),
            );
            return;
        }
    }
}

/// What a search finds: a search that finds none of these has an empty answer.
const FOUND: &[&str] = &[
    "slot",
    "slots",
    "match",
    "matches",
    "result",
    "results",
    "protocol",
    "protocols",
    "appointment",
    "appointments",
    "hit",
    "hits",
];

/// Words after a found thing that make it an argument, not what a search found ("with no
/// appointment id").
const AN_ARGUMENT: &[&str] = &["id", "ids", "given", "passed", "set", "argument", "name"];

/// Words of an empty answer or of a failure: what a search that found nothing answers.
const EMPTY_SAID: &[&str] = &[
    "empty",
    "nothing",
    "no",
    "none",
    "zero",
    "0",
    "not",
    "error",
    "errors",
    "fails",
    "refused",
    "false",
    "null",
    "absent",
    "unchanged",
];

/// Verbs that say what an answer holds or what is searched.
const GIVING: &[&str] = &[
    "returned", "returns", "return", "given", "gives", "give", "listed", "lists", "searched",
    "searches", "search", "shown", "shows", "sent", "offered", "used", "added", "included",
    "taken", "read", "answered", "answers",
];

/// Finite verbs and modals: a consequence with one and no verb of [`GIVING`] says something
/// else than what the answer holds.
const VERBS: &[&str] = &[
    "is", "are", "was", "were", "be", "may", "can", "will", "might", "must", "has", "have",
    "match", "matches", "gets", "get", "stays", "keeps", "changes", "means",
];

/// An empty search said to fall back on something else ("With no slots in the window, the next
/// 7 days are searched", "with none in the window, those of the next week", "When the doctor has
/// none, the slots of another doctor", "With no match, the newest protocols are returned"): the
/// server searches what it was asked for only (the window, the doctor or specialty, the words),
/// and a search that finds nothing answers an empty list. The agent that reads a fallback offers
/// the patient a slot outside the window, of another doctor, or a protocol that matches nothing.
/// The condition opens its sentence ("With no …, …") or follows it ("… when the window has none"),
/// and the rest of the sentence, the consequence, says no empty answer, no error and no code.
pub(super) fn empty_search_widened(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    // (a search of this server's: a served tool that answers a list)
    let searches = super::answers::output_of(tool).is_some_and(|fields| {
        fields
            .iter()
            .any(|f| f.value == super::answers::Value::List)
    });
    if !searches {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop) {
        for (k, t) in s.iter().enumerate() {
            // "with" opens a condition at the head of its sentence only: mid-sentence it is a
            // noun's ("a window with no open slot gives an empty list")
            let opener =
                is_word(t, &["when", "if", "whenever"]) || (k == 0 && is_word(t, &["with"]));
            if !opener {
                continue;
            }
            let end = (k + 1..s.len())
                .find(|&j| s[j].kind == Kind::Comma)
                .unwrap_or(s.len());
            let phrase = &s[k + 1..end];
            if !finds_nothing(phrase) {
                continue;
            }
            // the consequence: after the condition when it opens the sentence, else before it
            let consequence: Vec<&Tok> = if k == 0 {
                s.get(end + 1..).unwrap_or(&[]).iter().collect()
            } else {
                s[..k].iter().collect()
            };
            if !consequence.iter().any(|x| x.kind != Kind::Comma) {
                continue;
            }
            // (a consequence of the answer: the answer named, a verb of giving or searching, or
            // a noun phrase with no verb, "those of the next week"; "the full term may match" is
            // none)
            let of_the_answer = consequence
                .iter()
                .any(|x| is_word(x, GIVING) || is_word(x, &["answer", "result", "list"]))
                || !consequence.iter().any(|x| is_word(x, VERBS));
            let empty = !of_the_answer
                || consequence.iter().any(|x| {
                    is_word(x, EMPTY_SAID)
                        || x.text == "0"
                        || is_word(x, NEGATIONS)
                        || (x.text.contains('_')
                            && !text[x.start..x.end].bytes().any(|b| b.is_ascii_lowercase()))
                });
            if empty {
                continue;
            }
            push(
                out,
                Rule::Directive,
                t,
                "an empty search said to give something else: the server searches only what it was asked for (the window, the doctor or specialty, the words), and a search that finds nothing answers an empty list".to_owned(),
            );
            return;
        }
    }
}

/// Whether a condition says a search found nothing: "no" before a found thing ("no open slot",
/// "no match"), or "none"/"nothing" of a place or a match ("none in the window", "the doctor has
/// none", "nothing matches").
fn finds_nothing(phrase: &[Tok]) -> bool {
    phrase.iter().enumerate().any(|(i, x)| {
        if is_word(x, &["no"]) {
            return phrase[i + 1..]
                .iter()
                .take(3)
                .position(|y| is_word(y, FOUND))
                .is_some_and(|p| !is_word_at(phrase, i + 2 + p, AN_ARGUMENT));
        }
        is_word(x, &["none", "nothing"])
            && (i > 0
                && is_word_at(
                    phrase,
                    i - 1,
                    &["has", "have", "finds", "find", "gives", "returns"],
                )
                || is_word_at(phrase, i + 1, &["in", "matches", "match", "found", "is"]))
    })
}
