//! The server's work against the API's, and what the server's counts and lists hold.

use super::*;

/// The clinic API said to do the work the server does itself ([`SERVER_WORK`]): "as the clinic
/// API narrows them", "narrowed to one specialty by the clinic API", "the clinic API gives only
/// appointments that start after now", "as the clinic API lists them" and "the clinic API's
/// list of specialties" of the specialties. The API is the work's agent when its verb follows
/// it ("the API narrows", "the API gives only"), when "by the … API" follows the verb, or when
/// its list is named as a list of its own ("the API's list", "the clinic's specialty list").
/// The agent sends a filter the API ignores, or looks for a route it has not.
pub(super) fn api_does_servers_work(
    s: &[Tok],
    tool: &str,
    work: &[&str],
    out: &mut Vec<Violation>,
) {
    const API: &[&str] = &["api", "upstream"];
    // (the appointments kept by time or status: the API gives a patient only the patient's own)
    let kept_by_time = tool != "list_my_appointments"
        || s.iter().any(|x| {
            is_word(
                x,
                &[
                    "after",
                    "upcoming",
                    "future",
                    "start",
                    "starts",
                    "cancelled",
                    "rejected",
                    "pending",
                    "confirmed",
                    "past",
                ],
            )
        });
    let agent = s.iter().enumerate().find_map(|(k, t)| {
        // ("the clinic API has no filter", "the API does not narrow them")
        let denied = s[k + 1..]
            .iter()
            .take(3)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
        if !is_word(t, API) || !kept_by_time || denied {
            return None;
        }
        // "the clinic API narrows them", "the clinic API gives only …", "as the API lists them"
        // (its own verb, right after it: not "fetched from the clinic API and filtered")
        let next = s.get(k + 1).filter(|x| x.kind == Kind::Word);
        let active = next
            .filter(|x| is_word(x, work) && !is_word(x, &["them", "list", "only"]))
            .or_else(|| {
                next.filter(|x| is_word(x, &["gives", "returns", "sends", "lists", "keeps"]))
                    .and_then(|_| s.get(k + 2))
                    .filter(|x| is_word(x, &["only"]) && work.contains(&"only"))
            });
        // ("the specialties of the doctors the clinic API lists": the API lists the doctors,
        // which is its route; only what the server makes of them is the server's work)
        let lists_doctors = is_word_at(s, k + 1, &["lists"]) && {
            let listed_before = s[..k]
                .iter()
                .rev()
                .find(|x| !is_word(x, &["the", "clinic", "that", "which"]));
            let listed_after = s[k + 2..]
                .iter()
                .find(|x| !is_word(x, &["the", "every", "all", "its", "each"]));
            listed_after
                .or(listed_before)
                .is_some_and(|x| is_word(x, DOCTORS))
        };
        // "narrowed … by the clinic API"
        let passive = (k >= 2
            && s[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, &["by"])))
        .then(|| {
            let before = &s[..k];
            before
                .iter()
                .enumerate()
                .rev()
                .take(8)
                .find(|&(j, x)| {
                    is_word(x, work)
                        && !is_word(x, &["them", "only", "list"])
                        && !(is_word(x, &["listed"]) && j >= 1 && is_word(&before[j - 1], DOCTORS))
                })
                .map(|(_, x)| x)
        })
        .flatten();
        // "narrowed at the clinic API", "filtered through the clinic API": the API the place
        // or the means of the work, its verb right before ("not at the clinic API" passes)
        let placed = s[k.saturating_sub(3)..k]
            .iter()
            .position(|x| is_word(x, &["at", "through", "via", "in", "on", "inside", "within"]))
            .map(|p| k.saturating_sub(3) + p)
            .filter(|&p| p >= 1 && !is_word(&s[p - 1], NEGATIONS))
            .and_then(|p| {
                s[p.saturating_sub(3)..p]
                    .iter()
                    .find(|x| is_word(x, work) && !is_word(x, &["them", "only", "list", "lists"]))
            });
        let passive = passive.or(placed);
        // "the clinic API's list of specialties": a list of the API's own
        let its_list =
            (is_word_at(s, k + 1, &["list", "lists"]) && work.contains(&"list")).then(|| &s[k + 1]);
        // "as the clinic API gives them": the specialties as a list the API gives
        let gives_them = (work.contains(&"them")
            && is_word_at(
                s,
                k + 1,
                &["gives", "returns", "sends", "has", "holds", "keeps"],
            )
            && is_word_at(s, k + 2, &["them"]))
        .then(|| &s[k + 1]);
        active
            .or(its_list)
            .filter(|_| !lists_doctors)
            .or(passive)
            .or(gives_them)
    });
    // "the clinic's specialty list": a list of specialties said to be the clinic's own
    let clinics_list = (work.contains(&"list"))
        .then(|| {
            s.windows(3).find_map(|w| {
                (is_word(&w[0], &["clinic"])
                    && is_word(&w[1], &["specialty", "specialties"])
                    && is_word(&w[2], &["list"]))
                .then_some(&w[2])
            })
        })
        .flatten();
    if let Some(t) = agent.or(clinics_list) {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "the clinic API said to do what {tool} does itself: the API ignores a filter here and has no route of specialties; the server narrows, counts and lists"
            ),
        );
    }
}

/// What the clinic API makes and this server only passes on: every id, the triage level (from
/// the severity), the priority, the appointment a booking makes, the taking and the release of a
/// slot, and each status.
const API_MADE: &[&str] = &[
    "id",
    "ids",
    "triage",
    "priority",
    "appointment",
    "slot",
    "slots",
    "status",
];

/// The verbs of making or setting a value, or of taking or releasing a slot.
const MAKING: &[&str] = &[
    "set",
    "sets",
    "make",
    "makes",
    "made",
    "compute",
    "computes",
    "computed",
    "create",
    "creates",
    "created",
    "assign",
    "assigns",
    "assigned",
    "release",
    "releases",
    "released",
    "take",
    "takes",
    "free",
    "frees",
    "freed",
    "generate",
    "generates",
    "generated",
    "raise",
    "raises",
    "raised",
    "decide",
    "decides",
    "decided",
    "mark",
    "marks",
    "marked",
    "choose",
    "chooses",
    "chosen",
    "pick",
    "picks",
    "picked",
];

/// This server said to make what the clinic API makes ([`API_MADE`]): "Triage level set by this
/// server", "This server releases its slot", "Slot id, made by this server", "This server takes
/// the slot and makes the appointment", "Triage level this server gives the intake". The server
/// is the agent when a verb of [`MAKING`] is right after it ("this server sets") or right before
/// "by this server"; what is made is a noun of [`API_MADE`] in the verb's object (up to a comma
/// or a condition), in the phrase before it ("Triage level this server sets"), or the subject of
/// the passive. "gives" makes only a level ("gives the triage level"); elsewhere it returns. The
/// agent tells a person a clinical or booking decision is the server's, and blames the wrong
/// party for it. A negated making ("not set by this server") is not read; "the server" may be
/// the clinic's.
pub(super) fn server_does_apis_work(s: &[Tok], out: &mut Vec<Violation>) {
    const LEVELS: &[&str] = &["triage", "priority"];
    const BOUND: &[&str] = &[
        "when", "if", "after", "before", "as", "because", "while", "than", "unless", "once",
    ];
    let phrase = |r: &mut dyn Iterator<Item = &Tok>| -> Vec<Tok> {
        r.take_while(|x| !matches!(x.kind, Kind::Comma | Kind::Stop) && !is_word(x, BOUND))
            .cloned()
            .collect()
    };
    let hit = (0..s.len()).find_map(|k| {
        // ("the server" is said of the clinic's own server too)
        if !is_word(&s[k], &["server"]) || !is_word_at(s, k.wrapping_sub(1), &["this"]) {
            return None;
        }
        let by = k >= 2 && is_word(&s[k - 2], &["by"]);
        let (v, mut what) = if by {
            // "set by this server": the subject is what is made
            let v = k.checked_sub(3)?;
            (v, s[..v].to_vec())
        } else {
            // "this server sets …", "Triage level this server sets"
            let v = (k + 1..(k + 3).min(s.len()))
                .find(|&v| !is_word(&s[v], &["itself", "then", "also"]))?;
            let mut what = phrase(&mut s[v + 1..].iter());
            what.extend(phrase(&mut s[..k - 1].iter().rev()));
            (v, what)
        };
        let near = if by {
            &s[k.saturating_sub(6)..k]
        } else {
            &s[k..(k + 4).min(s.len())]
        };
        let denied = near
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "does", "doesn"]));
        let gives = is_word(&s[v], &["gives", "give", "given"]);
        what.retain(|x| is_word(x, if gives { LEVELS } else { API_MADE }));
        ((is_word(&s[v], MAKING) || gives) && !what.is_empty() && !denied).then_some(&s[v])
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "this server said to make what the clinic API makes: ids, the triage level, the priority, the booking and the release of a slot and each status come from the API".to_owned(),
        );
    }
}

/// The count of a patient's appointments said to be this server's ("Appointments in all pages,
/// as counted by this server", "this server counts the pages"): the clinic API pages the list and
/// counts it; only with `upcoming` true does the server read every page and count what it keeps.
/// A sentence that names that case (upcoming, after now, a status left out) is not read; a denied
/// count ("not counted by this server") passes.
pub(super) fn apis_count_said_servers(s: &[Tok], out: &mut Vec<Violation>) {
    const COUNTING: &[&str] = &[
        "counted",
        "counts",
        "count",
        "computed",
        "computes",
        "compute",
        "totalled",
        "totals",
        "calculated",
        "calculates",
        "summed",
        "sums",
        "tallied",
    ];
    const UPCOMING: &[&str] = &[
        "upcoming",
        "after",
        "future",
        "start",
        "starts",
        "cancelled",
        "rejected",
        "kept",
        "true",
    ];
    if s.iter()
        .any(|x| is_word(x, UPCOMING) || is_word(x, NEGATIONS))
    {
        return;
    }
    let hit = (0..s.len()).find_map(|k| {
        if !is_word(&s[k], &["server"]) || !is_word_at(s, k.wrapping_sub(1), &["this"]) {
            return None;
        }
        // "counted by this server", "this server counts"
        let passive = k >= 3 && is_word(&s[k - 2], &["by"]) && is_word(&s[k - 3], COUNTING);
        let active = is_word_at(s, k + 1, COUNTING);
        match (passive, active) {
            (true, _) => Some(&s[k - 3]),
            (_, true) => Some(&s[k + 1]),
            _ => None,
        }
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the count of the appointments said to be this server's: the clinic API pages and counts the list; the server counts only the upcoming ones".to_owned(),
        );
    }
}

/// A list that no time narrows said to hold a span of the calendar ("the appointments of the
/// last 12 months", "of this week", "of the next 7 days only", "protocols reviewed in the last
/// year", "each page is one month of appointments"): the agent tells the patient an older or a
/// later record does not exist. A span is a unit of days or more after "in", "of", "within",
/// "over", "during" or "for", with "the last", "the next", "this" or a number, or what a page is
/// said to be.
pub(super) fn span_narrowed(s: &[Tok], out: &mut Vec<Violation>) {
    const UNITS: &[&str] = &[
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "today",
        "yesterday",
        "tomorrow",
    ];
    const SPAN_OPENS: &[&str] = &["in", "of", "within", "over", "during", "for", "from", "on"];
    const SPAN_WORDS: &[&str] = &[
        "the", "this", "these", "last", "past", "next", "coming", "previous", "recent", "current",
        "one", "a",
    ];
    let hit = s.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, UNITS) {
            return None;
        }
        // the words before the unit back to its preposition: "of the last 12 months"
        let mut j = k;
        while j > 0
            && (is_word(&s[j - 1], SPAN_WORDS) || s[j - 1].text.bytes().all(|b| b.is_ascii_digit()))
        {
            j -= 1;
        }
        let span = &s[j..k];
        // (of the list, said as it is: not a slot's or a key's span, nor one denied: "Absent
        // when the doctor has no free slot in the next 14 days")
        let other = s[j.saturating_sub(7)..j]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "slot", "slots", "key", "keys"]));
        let opened = j > 0 && is_word(&s[j - 1], SPAN_OPENS) && !other;
        let timed = span.iter().any(|x| {
            is_word(
                x,
                &[
                    "last", "past", "next", "coming", "previous", "recent", "current", "this",
                ],
            )
        }) || is_word(t, &["today", "yesterday", "tomorrow"]);
        // ("each page is one week of …")
        let page_is = span.iter().any(|x| is_word(x, &["one", "a"]))
            && j >= 2
            && is_word(&s[j - 1], COPULAS)
            && is_word(&s[j - 2], &["page", "pages"]);
        ((opened && timed) || page_is).then_some(t)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a span of the calendar said of a list no time narrows: it holds its records whenever they fall, page by page".to_owned(),
        );
    }
}

/// Whom the doctor lists hold said narrowed by what the server does not read ("The doctors
/// with open slots", "How many doctors of the clinic have open slots", "doctors … who take new
/// patients", "the doctors available today"): the list holds every doctor (of a specialty, when
/// one is given), and the specialties count every doctor, so a doctor left out is never offered.
/// A doctor noun is read with what qualifies it (after "of the clinic"): a relative or "with"
/// phrase, or a verb of having, up to the end of its phrase, or an adjective of availability
/// with a time; "with or without" and "whether" name no narrowing.
pub(super) fn doctors_narrowed(s: &[Tok], out: &mut Vec<Violation>) {
    const QUALIFIERS: &[&str] = &[
        "with",
        "who",
        "that",
        "having",
        "have",
        "has",
        "take",
        "takes",
        "taking",
        "accept",
        "accepts",
        "accepting",
        "offer",
        "offers",
        "offering",
    ];
    const AVAILABILITY: &[&str] = &[
        "slot",
        "slots",
        "available",
        "availability",
        "free",
        "open",
        "patients",
        "bookable",
        "accepting",
        "vacancy",
        "vacancies",
        "booking",
        "bookings",
        "visit",
        "visits",
    ];
    const ADJECTIVES: &[&str] = &["available", "free", "open", "bookable"];
    if s.iter().any(|x| is_word(x, &["whether"]))
        || s.windows(2)
            .any(|w| is_word(&w[0], &["or"]) && is_word(&w[1], &["without"]))
    {
        return;
    }
    // (one doctor said put out of the list for what qualifies it: "A doctor with no open slots
    // is out of the list")
    const PUT_OUT: &[&str] = &[
        "out", "excluded", "omitted", "hidden", "dropped", "removed", "skipped", "never", "not",
    ];
    let put_out = s.iter().any(|x| is_word(x, PUT_OUT))
        && s.iter()
            .any(|x| is_word(x, &["list", "listed", "lists", "answer"]));
    for (k, t) in s.iter().enumerate() {
        // (the list's own noun, plural, or one doctor put out of it: "the doctor has no free
        // slot" is of one doctor)
        if !(is_word(t, &["doctors"]) || put_out && is_word(t, &["doctor"])) {
            continue;
        }
        let mut j = k + 1;
        // (an owner phrase first: "doctors of the clinic have …")
        if is_word_at(s, j, &["of", "at", "in"]) {
            j += (1..=4)
                .find(|&d| is_word_at(s, j + d, QUALIFIERS) || is_word_at(s, j + d, ADJECTIVES))
                .unwrap_or(0);
        }
        // (an adjective of availability with a time, no qualifier: "the doctors available
        // today", "doctors free this week"; not "doctors available for booking")
        if is_word_at(s, j, ADJECTIVES)
            && is_word_at(
                s,
                j + 1,
                &[
                    "today", "now", "tomorrow", "tonight", "this", "next", "soon", "on", "within",
                ],
            )
        {
            push(
                out,
                Rule::Directive,
                &s[j],
                "the doctors said narrowed by what the server does not read: it lists every doctor, of the one specialty when it is given".to_owned(),
            );
            return;
        }
        if !is_word_at(s, j, QUALIFIERS) {
            continue;
        }
        let phrase = s[j + 1..].iter().take_while(|x| x.kind == Kind::Word);
        if let Some(hit) = phrase.into_iter().find(|x| is_word(x, AVAILABILITY)) {
            push(
                out,
                Rule::Directive,
                hit,
                "the doctors said narrowed by what the server does not read: it lists every doctor, of the one specialty when it is given".to_owned(),
            );
            return;
        }
    }
}

/// A served count glossed as the count of another set ("Open slots of the doctor in the next 62
/// days", "and in the next window too", "over every doctor of the clinic", "How many doctors are
/// listed, or of every specialty when specialty is given"): the agent reads a count of one window
/// or of the doctors searched as one of a span or of doctors the call did not search. Read, in a
/// sentence of a count ("number", "count", "total", "how many", "found", "matched", "before the
/// limit", "true when"): a span of days after "next" (not a default), a next or later window,
/// and every doctor or every specialty said with no word of an argument left out.
pub(super) fn count_set_misnamed(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(set) = COUNT_SETS.iter().find(|c| c.tool == tool) else {
        return;
    };
    let counted = s.iter().any(|x| {
        is_word(
            x,
            &[
                "number", "count", "total", "found", "listed", "true", "limit", "matched",
            ],
        )
    }) || s
        .windows(2)
        .any(|w| is_word(&w[0], &["how"]) && is_word(&w[1], &["many"]));
    if !counted {
        return;
    }
    let left_out = s.iter().any(|x| {
        is_word(
            x,
            &[
                "without", "absent", "neither", "no", "not", "unless", "omitted", "missing",
                "default",
            ],
        )
    });
    const NEXT_SPAN: &[&str] = &["next", "coming", "following", "later", "another", "other"];
    let span = set.window
        && !left_out
        && s.iter().enumerate().any(|(k, x)| {
            is_word(x, NEXT_SPAN)
                && s[k + 1..].iter().take(3).any(|y| {
                    is_word(y, &["window", "windows"])
                        || hours_of(y).is_some()
                            && !is_word(y, &["hour", "hours"])
                            && !matches!(s.get(k + 1), Some(n) if is_word(n, &["one", "a"]))
                })
        });
    let every = |nouns: &[&str]| {
        s.iter().enumerate().any(|(k, x)| {
            is_word(x, &["every", "all", "each"])
                && s[k + 1..]
                    .iter()
                    .take(2)
                    .position(|y| is_word(y, nouns))
                    // ("every doctor of a specialty", "all doctors with the specialty")
                    .is_some_and(|j| {
                        !(is_word_at(s, k + j + 2, &["of", "with", "in"])
                            && s[k + j + 3..]
                                .iter()
                                .take(2)
                                .any(|y| is_word(y, &["specialty", "specialties"])))
                    })
        })
    };
    let doctors = set.doctors && !left_out && every(&["doctor", "doctors"]);
    let specialty = set.specialty && !left_out && every(&["specialty", "specialties"]);
    if let Some(t) = s.first().filter(|_| span || doctors || specialty) {
        push(
            out,
            Rule::Directive,
            t,
            "a served count glossed as the count of another set: the slot search counts the open slots of the caller's window and of the doctors searched; list_doctors counts the doctors listed".to_owned(),
        );
    }
}

/// A count of the slot search said to be of the slots it returns ("How many slots are in the
/// list", "How many of the slots are in this answer"): its one count, `total_found`, is of the
/// open slots in the window before the limit, so the agent reads a cut list as all there is.
pub(super) fn slot_count_of_the_answer(s: &[Tok], out: &mut Vec<Violation>) {
    let counted = s.windows(2).any(|w| {
        is_word(&w[0], &["how"]) && is_word(&w[1], &["many"])
            || is_word(&w[0], &["number", "count", "total"]) && is_word(&w[1], &["of"])
    });
    if !counted
        || s.iter()
            .any(|x| is_word(x, &["before", "window", "found", "matched"]))
    {
        return;
    }
    let hit = s.iter().enumerate().find(|&(k, x)| {
        is_word(x, &["list", "answer", "response", "result", "returned"])
            && (is_word(x, &["returned"])
                || k >= 2
                    && is_word(&s[k - 1], &["the", "this"])
                    && is_word(&s[k - 2], &["in", "on", "of"]))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "what the slot search counts said to be the slots it returns: it counts the open slots of the window, before the limit".to_owned(),
        );
    }
}

/// A count of a page of appointments said to be of people ("Number of the doctor's patients",
/// "How many doctors"): its counts are of appointments and of pages, so the agent reports a
/// number of people that no one counted.
pub(super) fn count_of_people(s: &[Tok], out: &mut Vec<Violation>) {
    const PEOPLE_COUNTED: &[&str] = &[
        "patients",
        "doctors",
        "clinics",
        "people",
        "persons",
        "specialties",
        "users",
    ];
    for k in 0..s.len() {
        let from = if s.get(k..k + 2).is_some_and(|w| {
            is_word(&w[0], &["number", "count", "total"]) && is_word(&w[1], &["of"])
                || is_word(&w[0], &["how"]) && is_word(&w[1], &["many"])
        }) {
            k + 2
        } else {
            continue;
        };
        // (the head of the counted phrase: its last word before a break or a preposition)
        let head = s[from..]
            .iter()
            .take_while(|x| {
                x.kind == Kind::Word
                    && !is_word(
                        x,
                        &[
                            "of", "in", "on", "with", "for", "that", "who", "per", "are", "is",
                        ],
                    )
            })
            .last();
        if let Some(t) = head.filter(|t| is_word(t, PEOPLE_COUNTED)) {
            push(
                out,
                Rule::Directive,
                t,
                "a page's count said to be of people: it counts the appointments of every page, and the pages".to_owned(),
            );
            return;
        }
    }
}
