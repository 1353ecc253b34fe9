//! What the API's values hold: the next step in an emergency is the emergency line, a status is
//! said as itself, a protocol's age is its review date, a rejection's reason is shown to the
//! patient, a result is the one object changed, a visit is at its slot's times, and the
//! symptoms' duration is in days.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::ids::object_of;

/// A stand-in for emergency care ("In a medical emergency, the reception of the clinic is the
/// next step", "…, the emergency hotline is the next step after a visit to the clinic"): in an
/// emergency, the next step is the emergency line, with nothing before it.
pub(crate) fn emergency_stand_in(clause: &[&Tok], out: &mut Vec<Violation>) {
    // (or urgent care by its words: "the oncall doctor is the next step for urgent care")
    let emergency = clause.iter().enumerate().any(|(k, t)| {
        is_word(t, &["emergency", "emergencies"])
            && !(k >= 1 && is_word(clause[k - 1], &["no", "not", "non"]))
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["hotline", "line", "number", "services", "service"]))
    }) || clause
        .windows(2)
        .any(|w| is_word(w[0], &["urgent", "acute"]) && is_word(w[1], &["care", "help"]));
    let Some(step) = clause.windows(3).position(|w| {
        is_word(w[0], &["the"]) && is_word(w[1], &["next"]) && is_word(w[2], &["step", "steps"])
    }) else {
        return;
    };
    if !emergency || step < 1 || !is_word(clause[step - 1], &["is", "are"]) {
        return;
    }
    // the subject: back from "is" to the fronted phrase's comma
    let subject: Vec<&&Tok> = clause[..step - 1]
        .iter()
        .rev()
        .take_while(|x| x.kind != Kind::Comma)
        .collect();
    let line = subject.iter().any(|x| {
        is_word(x, &["hotline", "line", "112", "ambulance"])
            || (x.kind == Kind::Ident && x.text == "112")
    }) || subject
        .windows(2)
        .any(|w| is_word(w[1], &["emergency"]) && is_word(w[0], &["number", "care"]));
    let of_the_clinic = subject.iter().any(|x| {
        is_word(x, OBJECT_KINDS)
            || is_word(
                x,
                &[
                    "clinic",
                    "reception",
                    "doctor",
                    "doctors",
                    "slot",
                    "form",
                    "intake",
                    "protocol",
                    "list",
                    "specialty",
                    "escalation",
                    "visit",
                    "oncall",
                ],
            )
    });
    // (", not the visit": the visit set aside, nothing put before the line)
    let rest: Vec<&&Tok> = clause[step + 3..]
        .iter()
        .filter(|x| x.kind == Kind::Word)
        .collect();
    // (", not the clinic", ", before any booking": what is set aside)
    let not_the_visit = rest.len() >= 2
        && rest.len() <= 3
        && is_word(rest[0], &["not", "before"])
        && is_word(
            rest[rest.len() - 1],
            &[
                "visit",
                "appointment",
                "booking",
                "clinic",
                "reception",
                "intake",
                "doctor",
            ],
        );
    // (a time of it passes: "…, at any hour", "day and night")
    let any_time = rest.iter().all(|x| {
        is_word(
            x,
            &[
                "at", "any", "every", "hour", "hours", "time", "night", "day", "and", "all",
            ],
        )
    });
    let after = !rest.is_empty() && !not_the_visit && !any_time;
    if !line || of_the_clinic || after {
        push(
            out,
            Rule::Directive,
            clause[step + 1],
            "a stand-in for emergency care: in an emergency, the next step is the emergency line, with nothing before it".to_owned(),
        );
    }
}

/// A status glossed as an event ("`cancelled` means the visit is on a later date", "`pending`
/// means the slot is held and the visit takes place"): the reader tells the patient the gloss,
/// not the status. A status is said as itself, or as waiting ("pending until confirmed by the
/// doctor").
pub(crate) fn status_glossed(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    // (a status in lower case: `CANCELLED` is a code, read by `code_glossed`)
    let status = |t: &Tok| {
        is_word(t, APPOINTMENT_STATUSES)
            && (!super::known_code(&t.text)
                || text[t.start..t.end].bytes().any(|b| b.is_ascii_lowercase()))
    };
    let meant = clause.windows(2).find(|w| {
        status(w[0])
            && is_word(w[1], &["means", "mean"])
            && (text[..w[0].start].ends_with('`') || w[0].kind == Kind::Word)
    });
    // "`rejected`: the visit is with another doctor", "`cancelled`, for example a visit on a new
    // date": a literal status glossed after a colon or an example
    let glossed = clause.iter().enumerate().find(|&(k, t)| {
        status(t)
            && text[..t.start].ends_with('`')
            && (text[t.end..].starts_with("`:")
                || text[t.end..].starts_with("`, for example")
                || text[t.end..].starts_with("` means"))
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, APPOINTMENT_STATUSES))
    });
    // "a cancelled appointment has a new date", "a rejected appointment has a new doctor": a
    // status said to carry what another act would
    let carries = clause.windows(5).find(|w| {
        is_word(w[0], APPOINTMENT_STATUSES)
            && is_word(w[1], &["appointment", "appointments", "visit", "visits"])
            && is_word(w[2], &["has", "have", "gets", "get"])
            && is_word(w[3], &["a", "an", "another"])
            && (is_word(w[4], &["new", "later", "different", "other"])
                || is_word(w[3], &["another"]))
    });
    let hit = meant
        .map(|w| w[1])
        .or(glossed.map(|(_, t)| *t))
        .or(carries.map(|w| w[2]));
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a status glossed as an event: a status is said as itself, or as waiting (\"pending until confirmed by the doctor\")".to_owned(),
        );
    }
}

/// The slot's `isAvailable`, which the API gives as `1` or `true` for an open slot, glossed as
/// anything else ("`isAvailable`: 1 for a taken slot", "`true` for a slot held for the staff"),
/// or its `0`/`false` as open: the agent reads every open slot as taken, or the reverse.
pub(super) fn availability_glossed(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    let lower = text.to_ascii_lowercase();
    // where the field is named: a value is its value within the same sentence, a few words on
    // (named by its field, or in words: "Whether the slot is open: 1 for …")
    const NAMES: &[&str] = &[
        "isavailable",
        "is_available",
        "whether the slot is open",
        "whether the slot is available",
        "whether the slot is free",
        "availability of the slot",
        "availability:",
        "open or not",
    ];
    let named: Vec<usize> = NAMES
        .iter()
        .flat_map(|n| lower.match_indices(n).map(|(i, m)| i + m.len()))
        .collect();
    if named.is_empty() {
        return;
    }
    // (a description that opens with the field's name is the field's to its first sentence's
    // end: "Open or not; 1 marks …")
    let head = lower.trim_start_matches(|c: char| c == '`' || c.is_whitespace());
    let opens = NAMES.iter().any(|n| head.starts_with(n));
    let of_the_field = |start: usize| {
        opens && !text[..start].contains(['.', '\n'])
            || named.iter().any(|&end| {
                end <= start && start - end <= 60 && !text[end..start].contains(['.', ';', '\n'])
            })
    };
    const NOT_OPEN: &[&str] = &[
        "taken",
        "booked",
        "held",
        "reserved",
        "another",
        "other",
        "staff",
        "closed",
        "full",
        "unavailable",
        "not",
        "busy",
        "blocked",
    ];
    const OPEN: &[&str] = &["open", "free", "available"];
    let value = |x: &Tok| matches!(x.text.as_str(), "0" | "1" | "true" | "false");
    let hit = toks.iter().enumerate().find(|&(k, t)| {
        let yes = (t.text == "1" || t.text == "true") && of_the_field(t.start);
        let no = (t.text == "0" || t.text == "false") && of_the_field(t.start);
        // the gloss: the words after the value, past commas, up to the sentence's end or the
        // next value ("1 for a taken slot", "1, the second for a slot held for the staff")
        // (past the other value and a colon: "1 or true: the slot is …")
        let mut from = k + 1;
        while toks
            .get(from)
            .is_some_and(|x| value(x) || is_word(x, &["or", "and"]) || x.kind == Kind::Comma)
        {
            from += 1;
        }
        if toks.get(from).is_some_and(|x| text[x.start..x.end] == *":") {
            from += 1;
        }
        let gloss: Vec<&Tok> = toks[from.min(toks.len())..]
            .iter()
            .take_while(|x| x.kind != Kind::Stop && !value(x))
            .filter(|x| x.kind == Kind::Word)
            .take(8)
            .collect();
        // (where the value comes from is no gloss of it: "1 from the public API")
        if gloss
            .first()
            .is_some_and(|x| is_word(x, &["from", "as", "returned", "sent", "by"]))
            && !toks[from.min(toks.len())..]
                .iter()
                .take_while(|x| x.kind != Kind::Stop)
                .any(|x| {
                    is_word(x, NOT_OPEN) || is_word(x, &["patient", "patients", "person", "list"])
                })
        {
            return false;
        }
        // a gloss of an open slot says it is open; one of a person or a holder says it is not
        let said_open = gloss.iter().any(|x| is_word(x, OPEN));
        let held = gloss.iter().any(|x| {
            is_word(x, NOT_OPEN) || is_word(x, &["patient", "patients", "person", "list"])
        });
        (yes && (held || !gloss.is_empty() && !said_open && gloss.len() >= 3)) || (no && said_open)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "`isAvailable` glossed against the API: 1 and true both mean an open slot".to_owned(),
        );
    }
}

/// A protocol search's answer said to hold a protocol whole ("The protocol text in full", "each
/// match with its title and its full text", "The whole protocol text") or to be the care to
/// give ("the steps of care for the patient, in order", "as the care to give the patient"): the
/// API answers each match with an excerpt, the start of its text, cut at 400 characters; a
/// doctor acts on a cut protocol as if it were whole, or as an order of care. What the search
/// reads ("Search the full text of the protocols"), a denial ("not the whole text") and the
/// whole text as a subject of its own ("the whole text is longer") pass.
pub(crate) fn protocol_said_whole(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if object_of(tool) != "protocols" {
        return;
    }
    let words: Vec<&Tok> = clause
        .iter()
        .copied()
        .filter(|x| x.kind == Kind::Word)
        .collect();
    let w = |j: usize, list: &[&str]| words.get(j).is_some_and(|x| is_word(x, list));
    const TEXT: &[&str] = &[
        "text",
        "texts",
        "protocol",
        "protocols",
        "body",
        "content",
        "contents",
        "document",
    ];
    let denied = |k: usize| {
        (k.saturating_sub(3)..k).any(|j| w(j, NEGATIONS) || w(j, &["no", "than", "beyond"]))
    };
    let hit = (0..words.len()).find(|&k| {
        if !w(
            k,
            &[
                "full",
                "whole",
                "complete",
                "entire",
                "entirety",
                "unabridged",
                "verbatim",
            ],
        ) || denied(k)
        {
            return false;
        }
        // (what the search reads: "Search the full text", "matches in the whole text")
        let read = (k.saturating_sub(3)..k).any(|j| {
            w(
                j,
                &[
                    "search",
                    "searches",
                    "searched",
                    "searching",
                    "by",
                    "across",
                    "over",
                    "for",
                ],
            ) || w(j, &["match", "matches", "matched", "matching"])
                || w(j, &["in", "through"]) && w(j + 1, &["the", "a", "its", "their"])
        });
        // (the whole text as a subject: "the whole text is longer")
        let subject = (k + 1..k + 4)
            .find(|&j| w(j, TEXT))
            .is_some_and(|j| w(j + 1, COPULAS) || w(j + 1, &["has", "holds", "stays", "lies"]));
        let of_text = (k.saturating_sub(3)..k + 4).any(|j| j != k && w(j, TEXT));
        of_text && !read && !subject
    });
    let hit = hit.or_else(|| whole_by_its_parts(&words, TEXT));
    // (a person who decides or gives the care is its subject, not the answer: "The doctor
    // decides the care to give"; a person who gets or reads it is told the answer is it)
    let persons_own = words
        .iter()
        .position(|x| !is_word(x, DETERMINERS))
        .is_some_and(|i| {
            is_word(words[i], PEOPLE)
                && words.get(i + 1).is_some_and(|v| {
                    // (a verb: one the lexicon knows, or a present form "decides")
                    (verb(&v.text).is_some() || v.text.ends_with('s') && !v.text.ends_with("ss"))
                        && !is_word(
                            v,
                            &[
                                "gets", "get", "receives", "receive", "has", "have", "reads",
                                "read", "sees", "see", "finds", "find", "obtains", "follows",
                            ],
                        )
                })
        });
    // the answer said to be the care to give: its steps, instructions or orders, or "the care
    // to give" (not the reader's "next step")
    let care = (0..words.len()).find(|&k| {
        !persons_own
            && (w(
                k,
                &[
                    "steps",
                    "step",
                    "instructions",
                    "instruction",
                    "orders",
                    "directions",
                ],
            ) && !(k >= 1 && w(k - 1, &["next"]))
                || w(k, &["care", "treatment", "therapy"]) && w(k + 1, &["to"]))
            && !denied(k)
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            words[k],
            "a protocol said to be answered whole: the search answers each match with the start of its text, an excerpt cut at 400 characters".to_owned(),
        );
    } else if let Some(k) = care {
        push(
            out,
            Rule::Directive,
            words[k],
            "a protocol's excerpt said to be the care to give: the search answers the start of its text, cut, and the doctor decides the care".to_owned(),
        );
    }
}

/// A protocol's text said whole by its ends or its parts, not by a word of wholeness: an end
/// reached ("up to its end", "from start to end"), each of its parts ("every word of it", "each
/// section of its text", "all of it") or no part said missing ("no part of it is missing",
/// "nothing is cut"), or a span from its start to its end ("from the start to the last line").
/// The index of the word that says it, in `words` (the clause's words).
/// What the search reads ("Search every section of the text"), a denial ("not all of it") and
/// a cut ("cut before its end") pass.
fn whole_by_its_parts(words: &[&Tok], text: &[&str]) -> Option<usize> {
    let w = |j: usize, list: &[&str]| words.get(j).is_some_and(|x| is_word(x, list));
    const PARTS: &[&str] = &[
        "word",
        "words",
        "section",
        "sections",
        "part",
        "parts",
        "line",
        "lines",
        "paragraph",
        "paragraphs",
        "sentence",
        "sentences",
        "character",
        "characters",
        "letter",
        "letters",
        "page",
        "pages",
        "bit",
        "piece",
        "pieces",
        "detail",
        "details",
    ];
    const MISSING: &[&str] = &[
        "missing",
        "cut",
        "truncated",
        "shortened",
        "trimmed",
        "omitted",
        "dropped",
        "removed",
        "abridged",
        "lost",
        "left",
        "excerpted",
    ];
    const READ: &[&str] = &[
        "search",
        "searches",
        "searched",
        "searching",
        "match",
        "matches",
        "matched",
        "matching",
        "query",
        "finds",
        "find",
        "reads",
        "read",
    ];
    let negated = |k: usize, span: usize| {
        (k.saturating_sub(span)..k)
            .any(|j| w(j, NEGATIONS) || w(j, &["no", "nothing", "none", "nor", "never"]))
    };
    // (what the search reads, in the few words before: "search every section of the text")
    let read = |k: usize, span: usize| {
        (k.saturating_sub(span)..k).any(|j| w(j, READ))
            || k >= 1 && w(k - 1, &["in", "across", "through", "over", "within"])
    };
    // (a text, or the "it" that stands for one, near the word)
    let of_text = |k: usize| {
        (k.saturating_sub(6)..(k + 5).min(words.len()))
            .any(|j| j != k && (w(j, text) || w(j, &["it", "its"])))
    };
    // (a span from the text's start: "from the start to the last line")
    let from_start = |k: usize| {
        (0..k).any(|j| {
            w(j, &["from"])
                && (j + 1..(j + 3).min(k)).any(|i| w(i, &["start", "beginning", "first"]))
        })
    };
    (0..words.len()).find(|&k| {
        // (its end, or its last part reached: "to the last line", "until its final section")
        let last_part = w(k, &["last", "final"])
            && w(k + 1, PARTS)
            && (k.saturating_sub(3)..k).any(|j| w(j, &["to", "until", "till", "through"]));
        let end = (w(k, &["end", "ending", "finish"])
            && (k.saturating_sub(3)..k)
                .any(|j| w(j, &["to", "until", "till", "through", "and", "with"]))
            || last_part)
            && !(k.saturating_sub(3)..k)
                .any(|j| w(j, &["before", "short", "without", "than", "beyond"]))
            && !negated(k, 4)
            && !read(k, 6);
        let each_part = w(k, &["every", "each", "all"])
            && (k + 1..(k + 3).min(words.len())).any(|j| w(j, PARTS))
            && !negated(k, 3)
            && !read(k, 3);
        let all_of_it = w(k, &["all"])
            && (w(k + 1, &["of"]) && w(k + 2, &["it", "its", "the"])
                || w(k + 1, &["its", "the"]) && w(k + 2, text))
            && !negated(k, 3)
            && !read(k, 3);
        // (said of the text, not of a noun after it: "not missing data")
        let none_missing = (w(k, MISSING)
            && negated(k, 5)
            && (k + 1 == words.len() || w(k + 1, &["out", "from", "off", "anywhere", "here"]))
            || w(k, &["uncut", "untruncated", "unshortened", "intact"]))
            && !read(k, 6);
        (end || each_part || all_of_it || none_missing) && of_text(k) || end && from_start(k)
    })
}

/// A protocol said to be current ("Each protocol is current", "the latest version of it", "Text
/// of the protocol, up to 1 day old", "each protocol has a review each week"): only its review
/// date, as the API gives it, says how old a protocol is, and a doctor who trusts the claim doses
/// from a lapsed one.
pub(crate) fn protocol_said_current(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let of_protocols = tool.split('_').any(|p| p.starts_with("protocol"))
        || clause
            .iter()
            .any(|x| is_word(x, &["protocol", "protocols"]));
    if !of_protocols {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let prev = k.checked_sub(1).map(|p| clause[p]);
        let next = clause.get(k + 1).copied();
        // "is current", "are valid"; "the latest version", "the newest one"
        // (a value named by its head: "Latest version of the protocol, the value to give to …")
        let named_value = k == 0
            && clause
                .iter()
                .any(|x| is_word(x, &["value", "id", "number"]));
        let current = !named_value
            && is_word(t, &["current", "valid", "latest", "newest", "recent"])
            && (prev.is_some_and(|p| is_word(p, COPULAS))
                || next
                    .is_some_and(|n| is_word(n, &["version", "versions", "one", "ones", "text"])));
        // "1 day old"
        let aged = is_word(t, &["old"])
            && prev.is_some_and(|p| {
                is_word(
                    p,
                    &[
                        "day", "days", "hour", "hours", "week", "weeks", "month", "months",
                    ],
                )
            })
            && k >= 2
            && clause[k - 2].kind == Kind::Ident
            // ("more than 12 months old means the review is overdue": a bound)
            && !(k >= 3 && is_word(clause[k - 3], &["than", "over", "under", "beyond"]));
        // "a review each week", "reviewed every month"
        let periodic = is_word(t, &["review", "reviews", "reviewed"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["each", "every"]))
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["day", "week", "month", "year", "night"]));
        // a date said to end it ("Date the protocol ends", "its expiry date", "valid until"): a
        // review date is the last review, and a protocol has no end of its use
        let ends = is_word(t, &["expiry", "expiration", "expires", "expire", "lapses"])
            // (its use said to end: "the protocol ends", "its end date"; not its text's end)
            || is_word(t, &["ends", "stops"])
                && prev.is_some_and(|p| is_word(p, &["protocol", "protocols", "it"]))
            || is_word(t, &["end"]) && next.is_some_and(|n| is_word(n, &["date", "dates"]))
            || is_word(t, &["until"])
                && prev.is_some_and(|p| is_word(p, &["valid", "current", "used", "force", "use"]));
        // a review's date said to be the answer's, or today's
        current || aged || periodic || ends
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a protocol said to be current: its review date, as the clinic gives it, is what says how old it is".to_owned(),
        );
    }
    // a review still to come: "the date of its next review", "due for review"; the answer's
    // review date is the last one's (`reviewedAt`), a due review said of it passes ("more than
    // two years after its last review, it is due for review")
    let review = |x: &&Tok| is_word(x, &["review", "reviews", "reviewed"]);
    let answered = super::answers::output_of(tool).is_some_and(|f| {
        super::answers::paths(f)
            .iter()
            .any(|(_, x)| x.name == "reviewed")
    });
    let last = clause
        .iter()
        .any(|x| is_word(x, &["last", "latest", "previous"]));
    // (not "the review date, not the date of the next review")
    let denied = |k: usize| {
        clause[k.saturating_sub(6)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS))
    };
    let coming = clause.iter().enumerate().find(|&(k, t)| {
        !denied(k)
            && review(t)
            && k >= 1
            && is_word(
                clause[k - 1],
                &["next", "coming", "upcoming", "future", "due"],
            )
            || !denied(k) && is_word(t, &["due"]) && clause[k + 1..].iter().take(3).any(review)
    });
    if let Some((_, t)) = coming.filter(|_| answered && !last) {
        push(
            out,
            Rule::Directive,
            t,
            "a protocol's review date said to be one to come: it is the date of its last review"
                .to_owned(),
        );
    }
    protocol_said_lapsed(clause, out);
}

/// A protocol said to be out of use ("A protocol with no date is out of use", "Protocols
/// reviewed before 2020 are withdrawn", "is no longer valid"): the search answers protocols of
/// the library with a review date or none, and the clinic API gives no protocol a state of use;
/// a doctor told a protocol is withdrawn sets aside the clinic's own care. Said of a protocol
/// after a copula; "out of date" judges its age, as "overdue" does, and is the reader's.
fn protocol_said_lapsed(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(p) = clause
        .iter()
        .position(|x| is_word(x, &["protocol", "protocols"]))
    else {
        return;
    };
    let w = |j: usize, list: &[&str]| clause.get(j).is_some_and(|x| is_word(x, list));
    let hit = (p + 1..clause.len()).find(|&k| {
        // "is withdrawn", "are no longer valid", "is not in use", "is out of use"
        let mut c = k;
        while c > p + 1 && w(c - 1, &["not", "no", "longer", "never", "in", "out", "of"]) {
            c -= 1;
        }
        let said = c > p + 1 && w(c - 1, COPULAS);
        let lapsed = w(
            k,
            &[
                "withdrawn",
                "retired",
                "obsolete",
                "superseded",
                "expired",
                "lapsed",
                "invalid",
                "void",
                "inactive",
                "deprecated",
                "revoked",
                "cancelled",
                "suspended",
            ],
        ) || w(k, &["use", "force", "service"])
            && k >= 2
            && w(k - 1, &["of"])
            && w(k - 2, &["out"])
            || w(k, &["use", "force", "effect"])
                && k >= 2
                && w(k - 1, &["in"])
                && w(k - 2, &["not", "longer"])
            || w(k, &["valid", "current", "used", "usable"])
                && k >= 1
                && w(k - 1, &["not", "longer"]);
        said && lapsed
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a protocol said to be out of use: the clinic API gives a protocol a review date or none, and no state of use".to_owned(),
        );
    }
}

/// The reason of a rejection kept from the patient ("Reason for the rejection, a note of the
/// doctor, seen by doctors only"): the API shows it to the appointment's patient, so the agent
/// hides what the patient is owed, or the doctor writes for colleagues what the patient reads.
pub(crate) fn rejection_reason_kept(clause: &[&Tok], out: &mut Vec<Violation>) {
    let of_a_rejection = clause.windows(4).any(|w| {
        is_word(w[0], &["reason", "reasons"])
            && is_word(w[1], &["for", "of"])
            && w[2..]
                .iter()
                .any(|x| is_word(x, &["rejection", "rejections"]))
    }) || clause
        .windows(2)
        .any(|w| is_word(w[0], &["rejection"]) && is_word(w[1], &["reason", "reasons"]));
    if !of_a_rejection || clause.iter().any(|x| is_word(x, &["patient", "patients"])) {
        return;
    }
    let kept = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["only"])
            && clause[k.saturating_sub(4)..k]
                .iter()
                .any(|x| is_word(x, &["doctors", "doctor", "staff", "clinicians"]))
            || is_word(t, &["internal", "private"])
    });
    if let Some((_, t)) = kept {
        push(
            out,
            Rule::Concealment,
            t,
            "the reason of a rejection kept from the patient: the clinic shows it to the appointment's patient".to_owned(),
        );
    }
}

/// A person's own text (a rejection's reason, an escalation's note, an intake's symptoms) said
/// to come as a stand-in: a text of its own kind ("a standard reason when the doctor has written
/// none", "without it, a default note"), or a filler sent or read in its place when there is
/// none ("a dot when there is no reason", "a single dash for no note", "the word none when the
/// doctor gives no reason"). The server sends and keeps only what the person writes, and an
/// absent reason is absent, so the doctor skips it thinking the patient gets one, or the agent
/// sends a mark the patient reads as the reason.
pub(crate) fn written_text_stood_in(clause: &[&Tok], out: &mut Vec<Violation>) {
    const STAND_IN: &[&str] = &[
        "standard",
        "default",
        "generic",
        "template",
        "stock",
        "automatic",
        "preset",
        "predefined",
        "canned",
        "boilerplate",
        "fallback",
        "placeholder",
    ];
    const OWN_TEXT: &[&str] = &["reason", "reasons", "note", "notes", "symptoms"];
    let own_kind = clause.iter().enumerate().position(|(k, t)| {
        is_word(t, STAND_IN) && clause[k + 1..].iter().take(2).any(|x| is_word(x, OWN_TEXT))
    });
    if let Some(k) = own_kind.or_else(|| filler_for_none(clause)) {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a person's text said to come as a stand-in: the server keeps only what the person writes, and an absent one stays absent".to_owned(),
        );
    }
}

/// Where a filler opens a phrase and is said for a case of no text, an unknown or everything ("a
/// dot when there is none", "or the text none for no reason", "a single dash for every case").
fn filler_for_none(clause: &[&Tok]) -> Option<usize> {
    (0..clause.len()).find(|&k| {
        let opens = k == 0 || clause[k - 1].kind == Kind::Comma || is_word(clause[k - 1], &["or"]);
        let Some(after) = filler_at(clause, k).filter(|_| opens) else {
            return false;
        };
        is_word_at(clause, after, &["when", "if", "for"])
            && clause[after + 1..]
                .iter()
                .take_while(|t| t.text != ")")
                .any(|t| {
                    is_word(
                        t,
                        &[
                            "no", "none", "nothing", "not", "without", "never", "unknown", "empty",
                            "every", "all", "any",
                        ],
                    )
                })
    })
}

/// The filler that opens at `k`, and the index after it: a mark, with at most one word before it
/// ("a dot", "a single dash", "one star"), or a word said as itself ("the word none").
fn filler_at(clause: &[&Tok], k: usize) -> Option<usize> {
    const MARKS: &[&str] = &[
        "dot",
        "dash",
        "hyphen",
        "space",
        "period",
        "x",
        "star",
        "mark",
        "character",
        "letter",
    ];
    let t = clause.get(k)?;
    if is_word(t, &["a", "an", "one"]) {
        return (1..=2)
            .map(|d| k + d)
            .find(|&m| is_word_at(clause, m, MARKS))
            .filter(|&m| m == k + 1 || clause[k + 1].kind == Kind::Word)
            .map(|m| m + 1);
    }
    (is_word(t, &["the"])
        && is_word_at(clause, k + 1, &["word", "text", "letter", "string"])
        && clause.get(k + 2).is_some_and(|x| x.kind != Kind::Comma))
    .then_some(k + 3)
}

/// A changing tool's result said to hold a second object of another act ("The result is the
/// appointment and a new entry of the patient on the waiting list", "… and the intake form of
/// it"): the agent believes a second change was made, or makes it.
pub(crate) fn second_object_in_result(
    clause: &[&Tok],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    if !mutates {
        return;
    }
    let Some(r) = clause
        .windows(2)
        .position(|w| is_word(w[0], &["result", "results"]) && is_word(w[1], COPULAS))
    else {
        return;
    };
    let own = object_of(tool);
    let hit = clause.iter().enumerate().skip(r + 2).find(|&(k, t)| {
        is_word(t, &["and"])
            && clause[k + 1..]
                .iter()
                .take(4)
                .take_while(|x| {
                    is_word(x, &["a", "an", "the", "new", "second", "another", "intake"])
                        || kind_of(x).is_some()
                })
                .filter_map(|x| kind_of(x))
                .any(|kind| !own.starts_with(kind))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a second object in a changing tool's result: the tool gives back the one object it changes".to_owned(),
        );
    }
}

/// A visit put at an offset from its slot ("Start of the appointment; the visit is 1 hour after
/// it", "the doctor sees the patient 30 minutes after it"): the slot's times are the visit's, and
/// a patient told otherwise comes late.
pub(crate) fn visit_offset(clause: &[&Tok], out: &mut Vec<Violation>) {
    let of_the_visit = clause
        .iter()
        .any(|x| is_word(x, &["visit", "sees", "patient", "doctor"]));
    let hit = clause.windows(3).enumerate().find(|(k, w)| {
        w[0].kind == Kind::Ident
            && is_word(w[1], &["minute", "minutes", "hour", "hours"])
            && is_word(w[2], &["after", "later"])
            && clause.get(k + 3).is_none_or(|n| {
                is_word(n, &["it", "the", "its", "each", "that"]) || n.kind != Kind::Word
            })
    });
    if let (true, Some((_, w))) = (of_the_visit, hit) {
        push(
            out,
            Rule::Directive,
            w[2],
            "a visit put at an offset from its slot: the slot's start and end are the visit's"
                .to_owned(),
        );
    }
}

/// The symptoms' duration in a unit the API does not read ("Duration of the symptoms, in weeks,
/// 0 to 3650"): the intake takes it in days, and a count of weeks is read as days.
pub(crate) fn duration_unit_swapped(clause: &[&Tok], out: &mut Vec<Violation>) {
    let of_symptoms = clause
        .iter()
        .any(|x| is_word(x, &["symptoms", "symptom", "complaint"]))
        && clause
            .iter()
            .any(|x| is_word(x, &["duration", "lasted", "long", "lasting"]));
    if !of_symptoms {
        return;
    }
    let hit = clause
        .windows(2)
        .find(|w| {
            is_word(w[0], &["in", "of"])
                && is_word(w[1], &["weeks", "hours", "months", "years", "minutes"])
        })
        .or_else(|| {
            clause.windows(3).find(|w| {
                is_word(w[0], &["how"])
                    && is_word(w[1], &["many"])
                    && is_word(w[2], &["weeks", "hours", "months", "years"])
            })
        });
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[w.len() - 1],
            "the symptoms' duration in a unit the clinic does not read: the intake takes days"
                .to_owned(),
        );
    }
}

/// An appointment said to wait for something the API does not ask ("pending until the deposit
/// of the patient is paid", "pending until its intake form is in", "pending until the doctor
/// reads the intake"): only the doctor's answer takes a pending appointment further, confirmed
/// or rejected; the doctor named doing anything else is no answer.
pub(crate) fn pending_until(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause
        .windows(2)
        .position(|w| is_word(w[0], &["pending"]) && is_word(w[1], &["until", "till"]))
    else {
        return;
    };
    let rest = &clause[k + 2..];
    let the_doctor = rest.iter().any(|x| {
        is_word(
            x,
            &[
                "confirmed",
                "confirms",
                "confirm",
                "confirmation",
                "rejected",
                "rejects",
                "reject",
                "rejection",
                "answer",
                "answers",
                "decision",
                "decides",
                "decide",
                "accepts",
                "accepted",
                "declines",
                "declined",
            ],
        )
    });
    if !the_doctor {
        push(
            out,
            Rule::Directive,
            clause[k + 1],
            "an appointment said to wait for something the clinic does not ask: it is pending until the doctor confirms or rejects it".to_owned(),
        );
    }
}

/// An order the API does not give, said of what a tool returns: slots come ordered by their
/// start, earliest first ("Open slots, latest first" is refused), and protocols ranked by their
/// match to the words ("the oldest review first" is refused). The agent offers the wrong slot
/// or the wrong protocol first.
pub(crate) fn order_reversed(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let last = object_of(tool);
    let slots = matches!(last, "slot" | "slots");
    let protocols = matches!(last, "protocol" | "protocols");
    if !slots && !protocols {
        return;
    }
    const LATE: &[&str] = &["latest", "newest", "last", "recent", "furthest"];
    const ANY_TIME: &[&str] = &[
        "latest", "newest", "last", "recent", "oldest", "earliest", "first", "furthest",
    ];
    // "<time word> … first", within three words
    let first_by = |words: &[&str]| {
        clause.iter().enumerate().find(|&(k, t)| {
            is_word(t, words)
                && clause[k + 1..]
                    .iter()
                    .take(3)
                    .take_while(|x| x.kind == Kind::Word)
                    .any(|x| is_word(x, &["first"]))
        })
    };
    let hit = if slots {
        first_by(LATE).or_else(|| {
            clause
                .iter()
                .enumerate()
                .find(|(_, t)| is_word(t, &["descending", "reverse", "reversed"]))
        })
    } else {
        first_by(ANY_TIME)
            .or_else(|| {
                // ("ordered by date"; not "Search … by title")
                clause.windows(2).enumerate().find_map(|(k, w)| {
                    (is_word(w[0], &["by"])
                        && is_word(w[1], &["date", "review", "age"])
                        && clause[k.saturating_sub(2)..k]
                            .iter()
                            .any(|x| is_word(x, &["ordered", "sorted", "ranked", "order"])))
                    .then(|| (k + 1, &clause[k + 1]))
                })
            })
            .or_else(|| {
                // a factor of the ranking the contract does not name, beside the match: "ranked by
                // relevance and by the date of their review", "a later review weighs more"
                const DATED: &[&str] = &[
                    "date", "dates", "review", "reviews", "reviewed", "age", "recency", "later",
                    "newer", "newest", "recent", "older", "oldest", "fresher", "latest",
                ];
                let ranked = |k: usize| {
                    clause[k.saturating_sub(10)..k].iter().any(|x| {
                        is_word(
                            x,
                            &["ordered", "sorted", "ranked", "order", "ranking", "rank"],
                        )
                    })
                };
                clause.iter().enumerate().find(|&(k, t)| {
                    let by_date = is_word(t, &["by"])
                        && ranked(k)
                        && clause[k + 1..]
                            .iter()
                            .take(3)
                            .any(|x| is_word(x, &["date", "dates", "review", "age", "recency"]));
                    let weighs = is_word(
                        t,
                        &[
                            "weighs", "weigh", "counts", "count", "ranks", "rank", "scores",
                            "comes", "come",
                        ],
                    ) && clause[k + 1..].iter().take(2).any(|x| {
                        is_word(x, &["more", "higher", "first", "above", "earlier", "extra"])
                    }) && clause[k.saturating_sub(5)..k]
                        .iter()
                        .any(|x| is_word(x, DATED));
                    by_date || weighs
                })
            })
    };
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "an order the clinic API does not give: slots come by their start, earliest first, and protocols by their match to the words".to_owned(),
        );
    }
}

/// A visit said to be with another doctor than its slot's ("The visit may be with another doctor
/// of the same specialty", "Doctor id, the doctor of the slot or another doctor", "the oncall
/// doctor on the day"): a slot is one doctor's, and a booking, a list or a search keeps it so.
/// Only a move (to a slot of any doctor) and an escalation (to the oncall doctor) change who the
/// visit is with, and a text that says so names them.
pub(crate) fn doctor_swapped(
    clause: &[&Tok],
    toks: &[Tok],
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    // (a text that names the move or the escalation anywhere says why the doctor changes, and
    // a clause that leaves other doctors out says the slot's doctor is the one)
    let moved = toks.iter().any(|x| {
        is_word(
            x,
            &[
                "escalation",
                "escalations",
                "escalated",
                "escalate",
                "escalates",
                "urgent",
                "move",
                "moved",
                "moves",
                "reschedule",
                "rescheduled",
            ],
        )
    });
    let left_out = clause.iter().any(|x| {
        is_word(x, NEGATIONS) || is_word(x, &["no", "absent", "omitted", "excluded", "out"])
    });
    if effects
        .iter()
        .any(|e| matches!(*e, "move" | "reschedule" | "escalate"))
        || moved
        || left_out
    {
        return;
    }
    let of_a_visit = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "visit",
                "visits",
                "appointment",
                "appointments",
                "slot",
                "slots",
                "doctor",
            ],
        )
    });
    // the visit "with another doctor", a doctor "or another doctor", "or the oncall doctor",
    // or "The doctor, one of the doctors of …": another doctor as who the visit is with
    let other = |j: usize| {
        is_word(
            clause[j],
            &["another", "other", "oncall", "any", "different"],
        ) || is_word(clause[j], &["the"])
            && clause.get(j + 1).is_some_and(|x| is_word(x, &["oncall"]))
    };
    let hit = (1..clause.len()).find(|&j| {
        let doctor = clause[j..]
            .iter()
            .take(3)
            .any(|x| is_word(x, &["doctor", "doctors"]));
        // (past an article: "with a different doctor")
        let m = if is_word(clause[j], &["a", "an"]) {
            j + 1
        } else {
            j
        };
        doctor && is_word(clause[j - 1], &["with", "or"]) && m < clause.len() && other(m)
    });
    let hit = hit.or_else(|| {
        let label = clause.len() > 2
            && is_word(clause[0], &["the"])
            && is_word(clause[1], &["doctor"])
            && clause[2].kind == Kind::Comma;
        clause
            .windows(4)
            .position(|w| {
                is_word(w[0], &["one", "any"])
                    && is_word(w[1], &["of"])
                    && is_word(w[2], &["the"])
                    && is_word(w[3], &["doctors"])
            })
            .filter(|_| label)
    });
    // (or a colleague or a stand-in in the doctor's place: "A colleague of the doctor of the
    // slot may see the patient")
    let hit = hit.or_else(|| {
        clause.iter().position(|x| {
            is_word(
                x,
                &[
                    "colleague",
                    "colleagues",
                    "substitute",
                    "substitutes",
                    "replacement",
                    "locum",
                    "deputy",
                ],
            )
        })
    });
    if of_a_visit && let Some(j) = hit {
        push(
            out,
            Rule::Directive,
            clause[j],
            "a visit said to be with another doctor than its slot's: a slot is one doctor's, and only a move or an escalation changes who the visit is with".to_owned(),
        );
    }
}

/// A triage level or a severity said to come from another than its source ("Triage level set by
/// the doctor of the appointment", "Severity, 0 to 10, as set by the oncall doctor", "in the
/// words of the doctor", a triage level "from the words of the symptoms"): the
/// severity is the patient's own answer, and the triage level the clinic's, computed from it. A
/// reader told a doctor set them takes a patient's rating for a clinical judgement.
pub(crate) fn grade_source_swapped(clause: &[&Tok], out: &mut Vec<Violation>) {
    let graded = clause
        .iter()
        .any(|x| is_word(x, &["triage", "severity", "severe"]));
    if !graded {
        return;
    }
    // "set by the doctor", "from the doctor of the appointment", "given by the nurse"
    // ("by" after a verb of making names who made it; "seen by the doctor" names a reader)
    let made_by = |j: usize| {
        j >= 1
            && is_word(
                clause[j - 1],
                &[
                    "set", "given", "chosen", "decided", "computed", "made", "assigned", "entered",
                    "rated", "graded", "scored", "picked",
                ],
            )
    };
    // ("in the words of the doctor", "the estimate of the oncall doctor")
    let judged_by = |j: usize| {
        j >= 1
            && is_word(
                clause[j - 1],
                &[
                    "words",
                    "estimate",
                    "judgement",
                    "judgment",
                    "opinion",
                    "view",
                    "assessment",
                    "rating",
                    "guess",
                ],
            )
    };
    // (a triage level is computed from the severity alone, not "from the words of the
    // symptoms" or "from the symptoms and their duration")
    let triage = clause.iter().any(|x| is_word(x, &["triage"]));
    let other_basis = clause.windows(2).enumerate().find(|&(j, w)| {
        triage
            && is_word(w[0], &["from"])
            && !clause[j + 1..]
                .iter()
                .any(|x| is_word(x, &["severity", "severe"]))
            && clause[j + 1..].iter().take(4).any(|x| {
                is_word(
                    x,
                    &[
                        "symptoms", "symptom", "words", "text", "duration", "days", "age", "notes",
                    ],
                )
            })
    });
    let hit = clause.windows(2).enumerate().find(|&(j, w)| {
        (is_word(w[0], &["from"])
            || is_word(w[0], &["by"]) && made_by(j)
            || is_word(w[0], &["of"]) && judged_by(j))
            && clause[j + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, STAFF_MEMBERS) || is_word(x, &["oncall"]))
            && !clause[j + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["patient", "patients", "clinic", "api", "server"]))
    });
    if let Some((_, w)) = hit.or(other_basis) {
        push(
            out,
            Rule::Directive,
            w[0],
            "a grade said to come from a doctor or from another basis: the severity is the patient's own answer, and the triage level is set by the clinic from it alone".to_owned(),
        );
    }
}

/// The subject of the verb at `k`: the nearest actor before it (a person, the clinic, the API or
/// a pronoun) not inside an "of" phrase ("the doctor of the appointment"). A mark, or a word that
/// opens a clause of its own with no actor between it and the verb, ends the search.
fn subject_before(clause: &[&Tok], k: usize) -> Option<usize> {
    const ACTORS: &[&str] = &[
        "clinic", "api", "server", "system", "tool", "it", "they", "agent", "caller", "patient",
        "patients", "person", "user", "users",
    ];
    const OPENS: &[&str] = &[
        "that", "which", "who", "when", "if", "as", "after", "before", "until", "once", "while",
        "because", "and", "or", "but", "so",
    ];
    const OF: &[&str] = &["of", "for", "with", "to", "by"];
    let actor = |x: &Tok| is_word(x, STAFF_MEMBERS) || is_word(x, ACTORS);
    for j in (0..k).rev() {
        let x = clause[j];
        let opens = is_word(x, OPENS) && j + 1 < k && !clause[j + 1..k].iter().any(|y| actor(y));
        if x.kind != Kind::Word || opens {
            return None;
        }
        let in_of = j >= 1 && is_word(clause[j - 1], OF)
            || j >= 2
                && is_word(clause[j - 1], &["the", "a", "an", "its", "their", "this"])
                && is_word(clause[j - 2], OF);
        if actor(x) && !in_of {
            return Some(j);
        }
    }
    None
}

/// A member of the staff said to make what the API or the patient makes: the triage level or
/// the severity set ("The doctor sets the triage level from the severity", "A nurse of the
/// clinic rates the severity"), the symptoms or the intake recorded ("The symptoms as the doctor
/// recorded them", "When the doctor recorded the intake"), or the booking made ("The doctor of
/// the slot creates a pending appointment and takes the slot"). The API computes the triage level
/// from the severity at once and no one reviews it; the patient gives the severity and records
/// the intake, and books. A patient told a doctor triaged or booked her takes it for care.
/// The person is the nearest actor before the verb, past an "of" phrase ("the doctor of the
/// appointment").
pub(crate) fn act_given_to_staff(clause: &[&Tok], out: &mut Vec<Violation>) {
    const SETS: &[&str] = &[
        "sets",
        "set",
        "assigns",
        "assigned",
        "chooses",
        "chose",
        "decides",
        "decided",
        "rates",
        "rated",
        "grades",
        "graded",
        "scores",
        "scored",
        "computes",
        "computed",
        "determines",
        "determined",
        "gives",
        "gave",
        "picks",
        "picked",
        "estimates",
        "estimated",
        "judges",
        "judged",
        "calculates",
        "calculated",
    ];
    const RECORDS: &[&str] = &[
        "records",
        "recorded",
        "enters",
        "entered",
        "writes",
        "wrote",
        "fills",
        "filled",
        "submits",
        "submitted",
        "logs",
        "logged",
        "types",
        "typed",
        "describes",
        "described",
    ];
    const BOOKS: &[&str] = &["creates", "created", "books", "booked"];
    const GRADES: &[&str] = &["triage", "severity"];
    const INTAKE: &[&str] = &[
        "symptoms", "symptom", "intake", "intakes", "severity", "triage",
    ];
    let hit = (1..clause.len()).find(|&k| {
        let t = clause[k];
        let (sets, records, books) = (is_word(t, SETS), is_word(t, RECORDS), is_word(t, BOOKS));
        if !(sets || records || books) {
            return false;
        }
        // a participle after its article qualifies a noun, no act of the subject's ("The
        // doctor of the booked slot", "the recorded intake")
        if is_word(
            clause[k - 1],
            &[
                "a", "an", "the", "its", "their", "this", "these", "each", "every", "another",
            ],
        ) {
            return false;
        }
        // the passive, with its agent: "the symptoms, as entered by the nurse", "a booking
        // created by the doctor" (a grade set "by" a doctor is `grade_source_swapped`'s)
        if is_word_at(clause, k + 1, &["by"]) {
            let agent = clause[k + 2..]
                .iter()
                .take(3)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, STAFF_MEMBERS));
            let of = |list: &[&str]| clause.iter().any(|x| is_word(x, list));
            return agent
                && (records && of(&["symptoms", "symptom", "intake", "intakes"])
                    || books && of(&["appointment", "appointments", "booking", "slot"]));
        }
        let Some(j) = subject_before(clause, k) else {
            return false;
        };
        if !is_word(clause[j], STAFF_MEMBERS)
            || clause[j.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "never", "not"]))
        {
            return false;
        }
        let object = &clause[k + 1..clause.len().min(k + 7)];
        let before = &clause[..j];
        (sets && object.iter().any(|x| is_word(x, GRADES)))
            || (records
                && (object.iter().any(|x| is_word(x, INTAKE))
                    || object.first().is_some_and(|x| is_word(x, &["them", "it"]))
                        && before.iter().any(|x| is_word(x, INTAKE))))
            || (books
                && object
                    .iter()
                    .any(|x| is_word(x, &["appointment", "appointments", "booking", "slot"])))
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "an act of the API or of the patient said to be a doctor's: the API sets the triage level from the severity, and the patient gives the severity, records the intake and books".to_owned(),
        );
    }
}

/// Care said to be done ("the oncall doctor has seen the case", "a booking the doctor has
/// seen"): the API sets a priority, a status or a doctor, and says nothing of what anyone saw. A
/// reader told a doctor has seen the patient tells the patient so.
pub(crate) fn care_claimed(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = (1..clause.len()).find(|&k| {
        (is_word(clause[k], &["seen", "examined", "assessed", "reviewed"])
            // ("has read it"; not "has read access")
            || is_word(clause[k], &["read"])
                && !clause
                    .get(k + 1)
                    .is_some_and(|x| is_word(x, &["access", "rights", "permission"])))
            && (is_word(clause[k - 1], &["has", "have", "had"])
            || k >= 2
                && is_word(clause[k - 1], &["already"])
                && is_word(clause[k - 2], &["has", "have", "had"]))
            && clause[..k]
                .iter()
                .any(|x| is_word(x, STAFF_MEMBERS) || is_word(x, &["oncall"]))
            // (denied, or a condition still to come: "No doctor has reviewed it yet", "until the
            // doctor has reviewed it"; "when the oncall doctor has seen the patient" claims it)
            && !clause[..k].iter().any(|x| {
                is_word(x, NEGATIONS)
                    || is_word(x, &["no", "until", "till", "before", "unless", "if", "whether"])
            })
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "care said to be done: the clinic API sets a status, a priority or a doctor, and says nothing of what a doctor has seen".to_owned(),
        );
    }
}

/// A triage level, a severity or an intake said to bring the oncall doctor, an escalation or a
/// priority ("With a severity of 8 or more, the oncall doctor gets the case", "an urgent intake
/// is with the oncall doctor", "with `urgent`, the appointment gets the oncall doctor"): the
/// clinic computes a triage level and nothing follows from it; only a doctor's escalation hands
/// the appointment to the oncall doctor. A severe patient told care is on its way waits for
/// none. Passes when denied or said kept, and in the escalation's own tool.
pub(crate) fn triage_brings_care(
    clause: &[&Tok],
    tool: &str,
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    if effects.contains(&"escalate") {
        return;
    }
    // (every clause of an intake's tool is of the intake: "with `urgent`, the appointment gets
    // the oncall doctor")
    let graded = tool.contains("intake")
        || tool.contains("triage")
        || clause
            .iter()
            .any(|x| is_word(x, &["triage", "severity", "severe", "intake", "intakes"]));
    if !graded {
        return;
    }
    // (the escalation named as what sets it: "the priority is set by an escalation", "urgent
    // after escalate_appointment")
    if clause.windows(3).any(|w| {
        is_word(w[0], &["by"])
            && is_word(w[1], &["an", "the", "a"])
            && is_word(w[2], &["escalation", "doctor"])
    }) || clause.windows(2).any(|w| {
        is_word(w[0], &["by", "after", "upon", "through"])
            && w[1].kind == Kind::Ident
            && w[1].text == "escalate_appointment"
    }) {
        return;
    }
    // (denied, or said kept, in the claim's own phrase: "the appointment keeps its doctor and
    // its priority", "changes no priority", "the priority and the doctor stay as they were";
    // not a negation after a comma, "…, not its own")
    const BEFORE: &[&str] = &[
        "no",
        "nobody",
        "only",
        "keeps",
        "keep",
        "kept",
        "same",
        "separate",
        "independent",
        "apart",
    ];
    const AFTER: &[&str] = &[
        "stays",
        "stay",
        "remains",
        "remain",
        "unchanged",
        "kept",
        "same",
        "only",
        "separate",
        "independent",
        "apart",
    ];
    let phrase = |x: &&&Tok| x.kind == Kind::Word && !is_word(x, &["but"]);
    let denied = |h: usize| {
        clause[..h]
            .iter()
            .rev()
            .take_while(phrase)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, BEFORE))
            || clause[h + 1..]
                .iter()
                .take_while(phrase)
                .any(|x| is_word(x, NEGATIONS) || is_word(x, AFTER))
    };
    // (the care itself: the oncall doctor, an escalation, a priority, or being seen before the
    // others, sooner or ahead)
    let before_others = |k: usize| {
        is_word(clause[k], &["before", "ahead"])
            && clause[k + 1..]
                .iter()
                .find(|x| !is_word(x, &["the", "of", "all"]))
                .is_some_and(|x| is_word(x, &["others", "other", "everyone", "anyone"]))
    };
    let hit = (0..clause.len()).find(|&k| {
        (is_word(
            clause[k],
            &[
                "oncall",
                "escalation",
                "escalations",
                "escalated",
                "escalates",
                "priority",
                "priorities",
                "sooner",
                "faster",
                "quicker",
            ],
        ) || before_others(k))
            && !denied(k)
    });
    let hit = hit.or_else(|| urgent_visit(clause, tool).filter(|&k| !denied(k)));
    let hit = hit.map(|k| clause[k]);
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a triage level, a severity or an intake said to bring care: the clinic computes the triage level and nothing follows from it; only the doctor's escalation hands the appointment to the oncall doctor".to_owned(),
        );
    }
}

/// Where the level `urgent` is said of the appointment itself, in a clause of a triage or a
/// severity ("A severity of 8 or more makes the appointment urgent", "the visit is urgent",
/// "urgent when the intake has a severity of 8 or more" in a text of the appointment):
/// the nearest thing named before it is the appointment, past the phrases of another ("the
/// triage of the appointment"); the intake's own level ("gives the triage level urgent") and
/// the intake's tool's "it" are the intake's.
fn urgent_visit(clause: &[&Tok], tool: &str) -> Option<usize> {
    // (the patient too: a patient has no level, "marks the patient as urgent")
    const VISITS: &[&str] = &[
        "appointment",
        "appointments",
        "visit",
        "visits",
        "booking",
        "patient",
        "patients",
    ];
    const GRADED: &[&str] = &[
        "triage", "level", "levels", "intake", "intakes", "severity", "form", "case",
    ];
    let own = !tool.contains("intake") && !tool.contains("triage");
    (0..clause.len()).find(|&k| {
        if !is_word(clause[k], &["urgent"]) {
            return false;
        }
        let mut j = k;
        while j > 0 && k - j < 8 {
            j -= 1;
            let x = clause[j];
            if x.kind == Kind::Stop {
                return false;
            }
            // (a thing of another: "the triage of the appointment")
            let of = j >= 1
                && (is_word(clause[j - 1], &["of"])
                    || j >= 2
                        && is_word(clause[j - 1], DETERMINERS)
                        && is_word(clause[j - 2], &["of"]));
            if is_word(x, GRADED) {
                return false;
            }
            if (is_word(x, VISITS) || own && is_word(x, &["it"])) && !of {
                return true;
            }
        }
        // (the level first, of the field's own appointment: "urgent when the intake has a
        // severity of 8 or more", in a text of the appointment)
        own && k == 0
            && clause[1..]
                .iter()
                .any(|x| is_word(x, &["severity", "triage", "intake"]))
            && !clause.iter().any(|x| {
                is_word(x, &["escalation", "escalated", "escalates", "escalate"])
                    || x.kind == Kind::Ident && x.text == "escalate_appointment"
            })
    })
}

/// A priority or a triage level said to order or move a visit ("urgent ones first", "urgent
/// after the escalation, and first in the oncall doctor's schedule", "urgent ones are seen before
/// normal ones", "an urgent one moves the visit to the next open slot"): the clinic API only
/// sets the value (`priority`, `triage`); its lists keep their own order and no slot changes
/// with it. The agent tells an urgent patient they go first, or come at another time.
pub(crate) fn level_said_to_act(clause: &[&Tok], out: &mut Vec<Violation>) {
    const LEVELS: &[&str] = &super::TRIAGE_LEVELS;
    const HEADS: &[&str] = &[
        "one",
        "ones",
        "appointment",
        "appointments",
        "visit",
        "visits",
        "intake",
        "intakes",
        "case",
        "cases",
        "triage",
    ];
    if clause
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    {
        return;
    }
    // the level as what a thing is: "urgent ones", "an urgent appointment", or after the value
    // it is of, or opening the clause ("Priority of the appointment: urgent after the escalation")
    let Some(l) = (0..clause.len()).find(|&l| {
        is_word(clause[l], LEVELS)
            && (l == 0
                && clause
                    .get(1)
                    .is_some_and(|n| n.kind == Kind::Comma || is_word(n, PREPOSITIONS))
                || is_word_at(clause, l + 1, HEADS)
                || clause[..l]
                    .iter()
                    .any(|x| is_word(x, &["priority", "priorities", "triage"])))
            // (a grade as the clause's subject: "a severity of 9 books the earliest slot")
            || l <= 1
                && is_word(clause[l], &["severity", "triage"])
                && clause[..l].iter().all(|x| is_word(x, DETERMINERS))
    }) else {
        return;
    };
    let word_at = |j: usize| clause.get(j).filter(|x| x.kind == Kind::Word);
    let hit = (l + 1..clause.len()).find(|&j| {
        let t = clause[j];
        // an order: "… first", "first in the schedule", "at the top", "ahead of", "before
        // normal ones"
        let first = is_word(t, &["first"])
            && word_at(j + 1).is_none_or(|n| is_word(n, &["in", "on", "of", "among"]));
        let before = is_word(t, &["before"])
            && clause[j + 1..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| {
                    is_word(x, LEVELS)
                        || is_word(
                            x,
                            &[
                                "normal",
                                "others",
                                "ones",
                                "appointments",
                                "patients",
                                "everyone",
                            ],
                        )
                });
        // a move: "moves the visit to the next open slot", "is moved earlier"
        // … or a slot got by it: "an urgent intake gets the patient the next open slot" (no
        // tool acts on a level; a booking takes the slot the caller names)
        let moves = is_word(
            t,
            &[
                "moves", "moved", "move", "goes", "jumps", "brings", "brought", "gets", "get",
                "got", "books", "book", "booked", "earns", "wins", "secures", "reserves",
            ],
        ) && clause[j + 1..]
            .iter()
            .any(|x| is_word(x, &["slot", "slots", "earlier", "sooner", "front", "top"]));
        first || before || moves || is_word(t, &["top", "front", "ahead"])
    });
    if let Some(j) = hit {
        push(
            out,
            Rule::Directive,
            clause[j],
            "a priority or a triage level said to order or move a visit: the clinic API only sets the value, its lists keep their order, and no slot changes with it".to_owned(),
        );
    }
}

/// A value of the patient's own appointment or intake said to be the doctor's alone ("The reason
/// for a rejection …; shown to the doctor of the appointment", "Triage level …; null when a
/// patient is the caller"): the clinic API gives the owner patient the whole appointment, the
/// rejection's reason included, and the whole intake, triage level included. The agent then
/// keeps from the patient what the clinic shows them, or a doctor writes as if unseen.
pub(crate) fn patients_value_withheld(toks: &[Tok], out: &mut Vec<Violation>) {
    let words: Vec<&Tok> = toks.iter().filter(|x| x.kind != Kind::Comma).collect();
    let has = |list: &[&str]| words.iter().any(|x| is_word(x, list));
    let of_the_patient = has(&["triage", "priority", "severity", "symptoms"])
        || has(&["reason", "reasons"]) && has(&["rejection", "rejected"]);
    if !of_the_patient {
        return;
    }
    // "shown to the doctor", "seen by the doctors of the clinic", with no patient named in its
    // sentence
    // (only the rejection's reason is the patient's by the contract's own words, "shown to its
    // patient"; any other value, when said the doctor's "only")
    let reason = has(&["reason", "reasons"]) && has(&["rejection", "rejected"]);
    // (sentences past their `;` and `:`: "The reason …; shown to the doctor")
    let sentences = words.split(|x| x.kind == Kind::Stop && !matches!(x.text.as_str(), ";" | ":"));
    let named_here = |s: &[&Tok]| {
        s.iter()
            .any(|x| is_word(x, &["triage", "priority", "severity", "symptoms"]))
            || s.iter().any(|x| is_word(x, &["reason", "reasons"]))
                && s.iter().any(|x| is_word(x, &["rejection", "rejected"]))
    };
    const SEEN: &[&str] = &["shown", "seen", "visible", "open", "readable", "given"];
    // (in the part of the sentence that says who sees it, no patient named)
    let doctors_only = sentences
        .filter(|s| named_here(s) && !s.iter().any(|x| is_word(x, &["note", "notes"])))
        // ("shown to the patient; visible to the doctor of the appointment too")
        .filter(|s| {
            !s.windows(4).any(|w| {
                is_word(w[0], SEEN)
                    && is_word(w[1], &["to", "by"])
                    && (is_word(w[2], &["patient", "patients"])
                        || is_word(w[2], &["the", "its", "a"])
                            && is_word(w[3], &["patient", "patients"]))
            })
        })
        .filter(|s| reason || s.iter().any(|x| is_word(x, &["only", "alone"])))
        .flat_map(|s| s.split(|x| x.kind == Kind::Stop))
        .filter(|part| {
            !part
                .iter()
                .any(|x| is_word(x, &["patient", "patients", "owner", "owners", "everyone"]))
        })
        .find_map(|part| {
            part.windows(3).find_map(|w| {
                (is_word(w[0], SEEN)
                    && is_word(w[1], &["to", "by"])
                    && part
                        .iter()
                        .any(|x| is_word(x, &["doctor", "doctors", "staff", "clinicians"])))
                .then_some(w[0])
            })
        });
    // "null when a patient is the caller", "empty on a patient's list"
    let nulled = words.iter().enumerate().find(|&(k, x)| {
        is_word(
            x,
            &["null", "empty", "absent", "omitted", "hidden", "blank"],
        ) && words[k + 1..]
            .iter()
            .take(6)
            .any(|y| is_word(y, &["patient", "patients"]))
            && (words[k + 1..]
                .iter()
                .take(8)
                .any(|y| is_word(y, &["caller", "callers", "list", "token", "role", "side"]))
                || words.get(k + 1).is_some_and(|y| is_word(y, &["for", "to"])))
    });
    let hit = nulled.map(|(_, x)| *x).or(doctors_only);
    if let Some(t) = hit {
        push(
            out,
            Rule::Concealment,
            t,
            "a value of the patient's appointment or intake said to be the doctor's alone: the owner patient gets the whole appointment and intake, the rejection's reason and the triage level included".to_owned(),
        );
    }
}

/// An intake's answer taken from another tool's answer ("How severe the symptoms are, 0 to 10, as
/// returned by get_intake for the last appointment of the patient", "The symptoms …, as returned
/// by get_intake"): the symptoms, their days and their severity are the patient's answer now, and
/// an old one sent again sets the triage level from a visit that is over.
pub(crate) fn answer_copied(toks: &[Tok], tool: &str, effects: &[&str], out: &mut Vec<Violation>) {
    if !tool.contains("intake") || !effects.iter().any(|e| matches!(*e, "submit" | "record")) {
        return;
    }
    let answer = toks.iter().any(|x| {
        is_word(
            x,
            &[
                "symptom", "symptoms", "severity", "severe", "days", "lasted", "pain", "duration",
            ],
        )
    });
    // (an id or the appointment is given as returned: "Id of the appointment whose symptoms …",
    // "The appointment whose symptoms these are, as returned by …")
    let head = toks
        .iter()
        .find(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS));
    if head.is_some_and(|h| is_word(h, &["id", "ids", "appointment", "appointments"])) {
        return;
    }
    // ("as returned by get_intake"; "as given by the patient" is the patient's answer)
    let copied = toks.windows(4).position(|w| {
        is_word(&w[0], &["as"])
            && is_word(&w[1], &["returned", "read"])
            && is_word(&w[2], &["by", "from", "in"])
            && w[3].kind == Kind::Ident
    });
    if let Some(k) = copied.filter(|_| answer) {
        push(
            out,
            Rule::Directive,
            &toks[k + 1],
            "an intake's answer taken from another tool: the symptoms, their days and their severity are the patient's answer now".to_owned(),
        );
    }
}

/// The reason of a rejection given an audience of the clinic's people and not its patient ("a
/// note between doctors", "kept on the appointment for the oncall doctor", "for the doctors of the
/// clinic", "for the doctor's own notes"): the clinic API stores it on the appointment and shows
/// it to its patient, so the doctor writes for colleagues what the patient reads, and the agent
/// keeps from the patient what is the patient's. Who may call ("Only for the doctor of the
/// appointment") is no audience of the reason, nor is who wrote it ("written by the doctor").
pub(crate) fn reason_kept_among_staff(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let words: Vec<&Tok> = toks.iter().filter(|x| x.kind != Kind::Comma).collect();
    let has = |list: &[&str]| words.iter().any(|x| is_word(x, list));
    // ("Reason for the rejection", "the rejection's reason"; not "a note with the reason" beside
    // "a cancelled or rejected appointment")
    let of_a_rejection = words.windows(4).any(|w| {
        is_word(w[0], &["reason", "reasons"])
            && is_word(w[1], &["for", "of"])
            && w[2..]
                .iter()
                .any(|x| is_word(x, &["rejection", "rejections"]))
    }) || words
        .windows(2)
        .any(|w| is_word(w[0], &["rejection"]) && is_word(w[1], &["reason", "reasons"]))
        || tool.starts_with("reject") && has(&["reason", "reasons"]);
    if !of_a_rejection {
        return;
    }
    // (the clinic's staff, its oncall doctor, its specialists and colleagues, its reception and
    // teams, and the clinic itself)
    const BEYOND_STAFF: &[&str] = &[
        "oncall",
        "specialist",
        "specialists",
        "colleague",
        "colleagues",
        "peers",
        "reception",
        "team",
        "clinic",
        "clinics",
    ];
    let staff_word = |t: &Tok| is_word(t, STAFF_MEMBERS) || is_word(t, BEYOND_STAFF);
    const PATIENT: &[&str] = &["patient", "patients", "owner", "owners"];
    // who it is for: the person after "for", "to", "between", "among", "shared with", "seen by"
    let to = |k: usize| {
        let t = words[k];
        is_word(t, &["for", "to", "between", "among"])
            || is_word(t, &["with"]) && k >= 1 && is_word(words[k - 1], &["shared"])
            || is_word(t, &["by", "at", "in"])
                && k >= 1
                && is_word(
                    words[k - 1],
                    &["shown", "seen", "visible", "readable", "read", "shared"],
                )
    };
    let audience = |k: usize| {
        // (a gate on who calls: "Only for the doctor of the appointment")
        let gate = k >= 1 && is_word(words[k - 1], &["only"]);
        let negated = words[k.saturating_sub(4)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS));
        if !to(k) || gate || negated {
            return None;
        }
        words[k + 1..]
            .iter()
            .find(|x| !is_word(x, DETERMINERS))
            .copied()
    };
    // (the patient among its readers: "shown to the patient", "for the doctor and the patient",
    // "where the patient sees it")
    let patient_reads = words.iter().enumerate().any(|(k, x)| {
        is_word(x, PATIENT)
            && ((0..k)
                .rev()
                .find(|&j| !is_word(words[j], DETERMINERS))
                .is_some_and(|j| to(j) || is_word(words[j], &["and", "or"]))
                || words.get(k + 1).is_some_and(|n| {
                    is_word(n, &["sees", "see", "reads", "read", "gets", "get", "can"])
                }))
    });
    if patient_reads {
        return;
    }
    let hit = (0..words.len()).find_map(|k| {
        // "for the doctors of the clinic", "between doctors", "to the reception"
        let staff = audience(k).filter(|r| staff_word(r)).map(|_| words[k]);
        // the doctor's own place: "kept in the doctor's notes"
        let place = (staff_word(words[k])
            && words[k + 1..]
                .iter()
                .find(|n| !is_word(n, &["own"]))
                .is_some_and(|n| {
                    is_word(n, &["notes", "records", "record", "file", "files", "chart"])
                }))
        .then_some(words[k]);
        staff.or(place)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Concealment,
            t,
            "the reason of a rejection given an audience of the clinic's people: the clinic API stores it on the appointment and shows it to its patient".to_owned(),
        );
    }
}
