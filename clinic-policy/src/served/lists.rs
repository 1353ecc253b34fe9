//! Caps on the served lists, the excerpt's length, whole lists and exclusive arguments.

use super::*;

/// A protocol's excerpt said cut elsewhere than the API cuts it ("The first 40 characters of
/// the protocol text", "up to 4000 characters", "its first line", "20 words at most"): it is
/// the start of the text, cut at [`EXCERPT_CHARS`] characters, so the doctor reads a longer or
/// a shorter text than the answer holds. Read in a sentence of the text, not of the search's
/// words.
pub(super) fn excerpt_length_misstated(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
    const OF_TEXT: &[&str] = &[
        "excerpt",
        "excerpts",
        "text",
        "texts",
        "body",
        "content",
        "start",
        "beginning",
    ];
    if !s.iter().any(|x| is_word(x, OF_TEXT))
        || s.iter()
            .any(|x| is_word(x, &["search", "searched", "query"]))
    {
        return;
    }
    for (k, t) in s.iter().enumerate() {
        let n = k.checked_sub(1).and_then(|j| number(s, j, text));
        let first = k >= 1 && is_word(&s[k - 1], &["first", "opening", "top"]);
        let wrong = if is_word(t, LENGTH_UNITS) || is_word(t, &["bytes"]) {
            n.is_some_and(|(n, f)| {
                n != EXCERPT_CHARS && !matches!(said(s, f, k - 1, text), Said::Lower)
            })
        } else if is_word(t, COUNTED_UNITS) {
            (n.is_some() || first) && !denied(s, k)
        } else {
            false
        };
        if wrong {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "a protocol's excerpt said cut otherwise: it is the start of the text, cut at {EXCERPT_CHARS} characters"
                ),
            );
            return;
        }
    }
}

/// A count to return said per something else than the answer, or its page ("Most protocols to
/// return for each clinic", "Appointments per doctor", "of each kind"): the limit counts the
/// whole answer (the slots of every doctor searched, the protocols of every clinic), or one page
/// of a paged list, so the agent waits for more than comes.
pub(super) fn limit_said_per_other(text: &str, s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    const ITEMS: &[&str] = &[
        "appointments",
        "protocols",
        "slots",
        "results",
        "matches",
        "items",
        "entries",
        "return",
        "returned",
        "most",
        "limit",
    ];
    let Some(limit) = args_of(tool).find(|a| a.name == "limit") else {
        return;
    };
    // (a sentence of the count: a number, its bounds or default, or the limit named)
    let counted = (0..s.len()).any(|j| number(s, j, text).is_some())
        || s.iter().any(|x| is_word(x, &["limit", "most", "default"]));
    if !counted {
        return;
    }
    let whole: &[&str] = if PAGED.contains(&tool) {
        &[
            "page", "call", "request", "answer", "response", "list", "time",
        ]
    } else {
        &[
            "call", "search", "request", "answer", "response", "query", "list", "time", "result",
        ]
    };
    for k in 0..s.len() {
        // ("Most protocols to return from one clinic", "Appointments per page of one doctor":
        // a count said of one group the tool takes no argument for is per group too)
        let one = is_word(&s[k], &["for", "of", "in", "from", "by"])
            && is_word_at(s, k + 1, &["one", "single"])
            && s.get(k + 2).is_some_and(|x| {
                is_word(x, &["clinic", "doctor", "specialty", "patient", "day", "kind", "status"])
                    && !names_an_arg(tool, &x.text)
                    // (a doctor's own schedule is of one doctor)
                    && !tool.contains(x.text.to_ascii_lowercase().as_str())
            })
            && s[k.saturating_sub(4)..k].iter().any(|y| is_word(y, ITEMS));
        if one {
            push(
                out,
                Rule::Directive,
                &s[k + 2],
                format!(
                    "the server's argument `{}` said to count per something else: it counts {}",
                    limit.name,
                    if PAGED.contains(&tool) {
                        "one page of the list"
                    } else {
                        "the whole answer"
                    }
                ),
            );
            return;
        }
        let at = if is_word(&s[k], &["per"]) {
            k + 1
        } else if is_word(&s[k], &["for", "of", "in", "from", "by"])
            && is_word_at(s, k + 1, &["each", "every"])
        {
            k + 2
        } else {
            continue;
        };
        let Some(x) = s.get(at).filter(|x| x.kind == Kind::Word) else {
            continue;
        };
        if is_word(x, whole) || is_word(x, &["of", "one", "the", "a", "with"]) {
            continue;
        }
        // ("slots of every doctor of a specialty, 20 at most": the set searched, its count said
        // in a phrase of its own; "20 slots of each doctor" counts per doctor)
        let phrase = |i: usize| {
            let from = s[..i]
                .iter()
                .rposition(|y| y.kind == Kind::Comma || y.kind == Kind::Stop)
                .map_or(0, |p| p + 1);
            let to = s[i..]
                .iter()
                .position(|y| y.kind == Kind::Comma || y.kind == Kind::Stop)
                .map_or(s.len(), |p| i + p);
            from..to
        };
        let counted_here = phrase(k).any(|j| {
            number(s, j, text).is_some() || is_word(&s[j], &["limit", "most", "default", "up"])
        });
        if is_word(&s[k], &["of"]) && !counted_here {
            continue;
        }
        // (said of the count's own items: "Appointments per doctor", "to return for each")
        if !s[k.saturating_sub(2)..k].iter().any(|y| is_word(y, ITEMS)) {
            continue;
        }
        let of = if PAGED.contains(&tool) {
            "one page of the list"
        } else {
            "the whole answer"
        };
        push(
            out,
            Rule::Directive,
            x,
            format!(
                "the server's argument `{}` said to count per something else: it counts {of}",
                limit.name
            ),
        );
        return;
    }
}

/// A cap said of the list at `k` ("at most 10", "10 at most", "no more than 10", "up to 10", "a
/// maximum of 10", "10 or fewer"), its number ending a phrase or naming the list's own items
/// ("up to 10 doctors"): a count of something else ("up to 3 specialties each") is no cap.
fn cap_at(text: &str, s: &[Tok], k: usize) -> bool {
    let w = |j: usize, list: &[&str]| is_word_at(s, j, list);
    // (the cap opens a phrase of the list's own, or follows its items or its verb: "The
    // doctors, at most 10", "returns up to 10 doctors"; "patients up to 12" caps no list)
    let opens = |start: usize| {
        let start = if start >= 1 && w(start - 1, &["a", "the"]) {
            start - 1
        } else {
            start
        };
        start == 0
            || s[start - 1].kind != Kind::Word
            || w(
                start - 1,
                &[
                    "doctors",
                    "specialties",
                    "list",
                    "lists",
                    "returns",
                    "return",
                    "gives",
                    "give",
                    "answers",
                    "answer",
                ],
            )
    };
    let n = if w(k, &["most"]) && k >= 1 && w(k - 1, &["at"]) && opens(k - 1) {
        k + 1
    } else if w(k, &["more", "fewer", "less"])
        && k >= 1
        && w(k - 1, &["no", "not"])
        && w(k + 1, &["than"])
        && opens(k - 1)
        || (w(k, &["up"]) && w(k + 1, &["to"])
            || w(k, &["maximum", "max"]) && w(k + 1, &["of"])
            || w(k, &["limited", "capped", "cut"]) && w(k + 1, &["to", "at"]))
            && opens(k)
    {
        k + 2
    } else if number(s, k, text).is_some()
        && (w(k + 1, &["at"]) && w(k + 2, &["most"])
            || w(k + 1, &["or"]) && w(k + 2, &["fewer", "less"]))
    {
        return opens(k) && !denied(s, k);
    } else {
        return false;
    };
    // (a denial before the cap's own words: "not up to 10"; the "no" of "no more than" is its own)
    let from = if k >= 1 && w(k - 1, &["no", "not"]) && w(k + 1, &["than"]) {
        k - 1
    } else {
        k
    };
    if number(s, n, text).is_none() || denied(s, from) {
        return false;
    }
    // (the number's own phrase ends, or names the list's items)
    s.get(n + 1).is_none_or(|y| {
        y.kind != Kind::Word
            || is_word(
                y,
                &[
                    "doctor",
                    "doctors",
                    "specialty",
                    "specialties",
                    "items",
                    "entries",
                    "results",
                    "names",
                    "in",
                    "per",
                ],
            )
    })
}

/// A whole list said to come in pages or cut to a count ("List doctors, 20 at a time", "The
/// doctors on this page", "The first 10 specialties", "The doctors, at most 10"): the doctors
/// and the specialties come all in one answer, so the agent asks for a next page that does not
/// exist, or stops at a part.
pub(super) fn whole_list_paged(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
    let hit = s.iter().enumerate().find(|&(k, x)| {
        let page = is_word(
            x,
            &[
                "page",
                "pages",
                "paged",
                "paging",
                "pagination",
                "batch",
                "batches",
            ],
        ) && !denied(s, k)
            && !(k >= 1 && is_word(&s[k - 1], &["one", "single"]));
        let at_a_time = is_word(x, &["time"])
            && k >= 2
            && is_word(&s[k - 1], &["a"])
            && is_word(&s[k - 2], &["at"])
            && k >= 3
            && number(s, k - 3, text).is_some();
        let first_n =
            is_word(x, &["first", "top"]) && number(s, k + 1, text).is_some() && !denied(s, k);
        page || at_a_time || first_n || cap_at(text, s, k)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a whole list said to come in pages or cut: the server answers every doctor, and every specialty, in one answer".to_owned(),
        );
    }
}

/// The one finding of a capped or paged list said to hold every item, with what it holds.
fn capped_said_whole_at(at: &Tok, tool: &str, out: &mut Vec<Violation>) {
    let what = if PAGED.contains(&tool) {
        "the list answers one page of its appointments"
    } else {
        "the search answers at most `limit` of them, with `truncated` when more matched"
    };
    push(
        out,
        Rule::Directive,
        at,
        format!("a capped answer said to hold every item: {what}"),
    );
}

/// A capped or paged answer said to hold every item there is ("Returns every open slot of the
/// window", "each protocol that matches", "the appointments of the doctor, all of them"): the
/// slot search and the protocol search answer at most `limit` items, and an appointment list
/// one page, so the agent tells the person there is no other slot, protocol or appointment.
/// Each item's own datum ("each slot has an id", "each one with its start"), the items of a
/// page ("each appointment of the page"), a sentence of the cap, and one of a flag's value
/// (read by the flag's reading) say what the server does.
pub(super) fn capped_list_said_whole(text: &str, s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    const CAP: &[&str] = &[
        "limit",
        "most",
        "truncated",
        "cap",
        "capped",
        "upcoming",
        "true",
        "false",
        "api",
    ];
    if s.iter().any(|x| is_word(x, CAP) || x.text == "limit") {
        return;
    }
    let hit = (0..s.len()).find(|&k| said_whole_at(text, s, k, tool));
    let ends = (0..s.len()).find(|&k| said_by_ends(s, k));
    if let Some(k) = hit.or(ends) {
        capped_said_whole_at(&s[k], tool, out);
    }
}

/// The nouns that name a capped list's items ("the complete list of open slots", "every
/// matching protocol").
const CAPPED_ITEMS: &[&str] = &[
    "slot",
    "slots",
    "protocol",
    "protocols",
    "appointment",
    "appointments",
    "matches",
    "results",
    "entries",
    "bookings",
];

/// The words that stand for one item of a capped list after "every", "each" or "all" ("each
/// match", "each one", "all of them"). Not after a word of wholeness: there "match" is a verb
/// ("when nothing matches, the full term may match") and a singular is one item made whole,
/// not the list.
const ONE_CAPPED_ITEM: &[&str] = &["match", "result", "entry", "booking", "one", "them"];

/// What bounds the whole an item is one of: the window, the search, the doctor's list.
const CAPPED_WHOLE: &[&str] = &[
    "window", "match", "matches", "matching", "matched", "doctor", "doctors", "patient",
    "patients", "answer", "them", "search", "query", "found", "schedule",
];

/// The "every", "each" or "all" at `k` says the capped list holds every item there is.
fn said_whole_at(text: &str, s: &[Tok], k: usize, tool: &str) -> bool {
    if !is_word(&s[k], &["every", "each", "all"]) || denied(s, k) {
        return false;
    }
    if search_reads_whole(s, k, tool) || said_of_a_count(s, k) {
        return false;
    }
    let Some(i) = item_counted(s, k) else {
        return false;
    };
    // ("each one's doctor" is the item's own)
    if text.get(s[i].end..).is_some_and(|r| r.starts_with('\'')) {
        return false;
    }
    !item_own_datum(s, i)
        && (whole_named_after(s, k, i) || all_of_them(s, k) || bare_each_one(s, k, i))
}

/// What a search that reads the whole window reads, not answers: "the search reads every slot".
fn search_reads_whole(s: &[Tok], k: usize, tool: &str) -> bool {
    READS_WHOLE.contains(&tool)
        && s[k.saturating_sub(2)..k].iter().any(|x| {
            is_word(
                x,
                &[
                    "reads", "read", "scans", "scanned", "checks", "checked", "counts", "counted",
                ],
            )
        })
}

/// The word at `k` is of a count over the whole, true of every page ("the total number of all
/// appointments"), or glosses a count the sentence opens on ("How many open slots the window
/// holds: every matching slot", "The total: all matches"); not an item beside a count ("every
/// slot, and their total number").
fn said_of_a_count(s: &[Tok], k: usize) -> bool {
    const COUNT: &[&str] = &["count", "counts", "counted", "total", "number", "numbers"];
    let counted = s[..k]
        .iter()
        .rev()
        .take_while(|x| x.kind != Kind::Comma && x.kind != Kind::Stop)
        .any(|x| is_word(x, COUNT));
    let head: Vec<&Tok> = s
        .iter()
        .take_while(|x| x.kind != Kind::Comma && x.kind != Kind::Stop)
        .collect();
    let many = head
        .windows(2)
        .any(|w| is_word(w[0], &["how"]) && is_word(w[1], &["many"]));
    let mark = |x: &Tok| x.kind == Kind::Comma || x.kind == Kind::Stop;
    let second = s[..k].iter().filter(|x| mark(x)).count() == 1 && k >= 1 && mark(&s[k - 1]);
    counted || ((many || head.iter().any(|x| is_word(x, COUNT))) && second)
}

/// The item the word at `k` counts, in the few words after it before a comma; "one" only right
/// after it ("each one of the window", not "each doctor of one specialty").
fn item_counted(s: &[Tok], k: usize) -> Option<usize> {
    let span = s[k + 1..]
        .iter()
        .take(8)
        .take_while(|x| x.kind != Kind::Comma)
        .count();
    (k + 1..k + 1 + span).find(|&j| {
        is_word(&s[j], CAPPED_ITEMS)
            || (is_word(&s[j], ONE_CAPPED_ITEM) && (j == k + 1 || !is_word(&s[j], &["one"])))
    })
}

/// The words after the item at `i` give the item's own datum ("every slot of a doctor has an
/// id"), not the whole's ("is returned").
fn item_own_datum(s: &[Tok], i: usize) -> bool {
    const OWN: &[&str] = &[
        "has", "have", "with", "is", "are", "carries", "holds", "gives", "shows", "comes", "names",
        "starts", "ends",
    ];
    let after: Vec<&Tok> = s[i + 1..]
        .iter()
        .take(5)
        .take_while(|x| x.kind != Kind::Comma)
        .collect();
    after.iter().enumerate().any(|(j, x)| {
        is_word(x, OWN)
            && !after.get(j + 1).is_some_and(|y| {
                is_word(
                    y,
                    &[
                        "returned", "listed", "given", "answered", "shown", "included", "found",
                        "sent",
                    ],
                )
            })
    })
}

/// The item between `k` and `i` is said of a whole: before it ("each matching protocol", "all
/// slots found") or in the words after it ("every slot of the window"); not of a page.
fn whole_named_after(s: &[Tok], k: usize, i: usize) -> bool {
    let matching = s[k + 1..i]
        .iter()
        .any(|x| is_word(x, &["matching", "matched", "found"]));
    (matching
        || s[i + 1..]
            .iter()
            .take(6)
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, CAPPED_WHOLE)))
        && !s[k + 1..]
            .iter()
            .take(8)
            .any(|x| is_word(x, &["page", "pages"]))
}

/// "all of them", "all of the …" at `k`: the whole said of a list named before it.
fn all_of_them(s: &[Tok], k: usize) -> bool {
    is_word(&s[k], &["all"])
        && is_word_at(s, k + 1, &["of"])
        && is_word_at(s, k + 2, &["them", "the"])
}

/// A bare "each one" at `k`, `i` set after a whole named before it, not a page ("The protocols
/// found, each one.").
fn bare_each_one(s: &[Tok], k: usize, i: usize) -> bool {
    i == k + 1
        && k >= 1
        && s[k - 1].kind == Kind::Comma
        && is_word(&s[i], &["one"])
        && s.get(i + 1)
            .is_none_or(|x| x.kind == Kind::Stop || x.kind == Kind::Comma)
        && s[..k]
            .iter()
            .any(|x| is_word(x, CAPPED_WHOLE) || is_word(x, &["matching", "matched", "found"]))
        && !s.iter().any(|x| is_word(x, &["page", "pages"]))
}

/// The "last" at `k` closes a list said by its ends ("the appointments of the patient, from the
/// first to the last"); not of a page, nor an order ("earliest first").
fn said_by_ends(s: &[Tok], k: usize) -> bool {
    is_word(&s[k], &["last"])
        && !denied(s, k)
        && s.get(k + 1).is_none_or(|x| {
            x.kind == Kind::Stop
                || x.kind == Kind::Comma
                || is_word(x, CAPPED_ITEMS)
                || is_word(x, ONE_CAPPED_ITEM)
        })
        && (k.saturating_sub(6)..k).any(|j| {
            is_word(&s[j], &["first"])
                && (j + 1..k).any(|i| is_word(&s[i], &["to", "through", "until", "till"]))
        })
        && !s.iter().any(|x| is_word(x, &["page", "pages"]))
}

/// A capped or paged answer said to be the whole by a word of wholeness before its items ("the
/// whole set of matching protocols", "the complete list of open slots") or by its ends in time
/// ("the doctor's appointments, from the earliest to the latest"): the slot search and the
/// protocol search answer at most `limit` items, and an appointment list one page. A sentence
/// of the cap or of a page, and a denial, pass; "first … last" is [`capped_list_said_whole`]'s.
pub(super) fn capped_list_said_complete(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if s.iter().any(|x| {
        is_word(
            x,
            &[
                "limit",
                "most",
                "truncated",
                "cap",
                "capped",
                "page",
                "pages",
                "window",
            ],
        )
    }) {
        return;
    }
    // (the items themselves, not a text of one: "the whole protocol text", "the full text of
    // protocols" are the excerpt's reading)
    const PART: &[&str] = &["text", "texts", "excerpt", "excerpts", "title", "titles"];
    let whole = (0..s.len()).find(|&k| {
        let phrase: Vec<&Tok> = s[k + 1..]
            .iter()
            .take(6)
            .take_while(|x| x.kind == Kind::Word)
            .collect();
        is_word(&s[k], &["whole", "entire", "complete", "full"])
            && !denied(s, k)
            && phrase.iter().take(5).any(|x| is_word(x, CAPPED_ITEMS))
            && !phrase.iter().any(|x| is_word(x, PART))
    });
    // (ends in time: one of them "earliest", "oldest", "latest" or "newest")
    let ends = (0..s.len()).find(|&k| {
        is_word(&s[k], &["latest", "newest", "last"])
            && !denied(s, k)
            && (k.saturating_sub(6)..k).any(|j| {
                is_word(&s[j], &["earliest", "oldest", "first"])
                    && (is_word(&s[j], &["earliest", "oldest"]) || !is_word(&s[k], &["last"]))
                    && (j + 1..k).any(|i| is_word(&s[i], &["to", "through", "until", "till"]))
            })
    });
    if let Some(k) = whole.or(ends) {
        capped_said_whole_at(&s[k], tool, out);
    }
}

/// Two arguments of which at most one may be given said to be given together ("slots of one
/// doctor and of every doctor of a specialty in one search", "with doctor_id too, that doctor is
/// searched first"): both is refused with `INVALID_ARGUMENTS`. A sentence that gives a choice
/// ("or", "either") or a refusal says otherwise.
pub(super) fn exclusive_said_together(
    toks: &[Tok],
    s: &[Tok],
    tool: &str,
    out: &mut Vec<Violation>,
) {
    for &(_, a, b) in EXCLUSIVE.iter().filter(|e| e.0 == tool) {
        let side = |x: &[Tok], name: &str| {
            let word = name.trim_end_matches("_id");
            x.iter().enumerate().any(|(k, y)| {
                y.text == name
                    || is_word(y, &[word])
                        && (word != "doctor"
                            || k >= 1 && is_word(&x[k - 1], &["one", "a", "that", "this", "the"]))
            })
        };
        if s.iter().any(|x| {
            is_word(
                x,
                &[
                    "or", "either", "not", "never", "cannot", "error", "refused", "invalid",
                ],
            ) || x.kind == Kind::Ident && x.text.trim_matches('`') == "invalid_arguments"
        }) {
            continue;
        }
        let together = s.iter().position(|x| {
            is_word(
                x,
                &[
                    "too",
                    "together",
                    "both",
                    "combined",
                    "plus",
                    "alongside",
                    "along",
                ],
            )
        });
        let and = s.iter().position(|x| is_word(x, &["and"]));
        let hit = match (together, and) {
            // (one side in the sentence, the other in the text)
            (Some(j), _) if (side(s, a) || side(s, b)) && side(toks, a) && side(toks, b) => Some(j),
            (None, Some(j))
                if side(&s[..j], a) && side(&s[j..], b) || side(&s[..j], b) && side(&s[j..], a) =>
            {
                Some(j)
            }
            _ => None,
        };
        if let Some(j) = hit {
            push(
                out,
                Rule::Directive,
                &s[j],
                format!(
                    "`{a}` and `{b}` said given together: at most one of them is taken, both is `INVALID_ARGUMENTS`"
                ),
            );
            return;
        }
    }
}

/// Words that deny a search of doctors any cap ("however many doctors", "with no limit on their
/// number"), each a run of words.
const NO_CAP: &[&[&str]] = &[
    &["however", "many"],
    &["no", "matter", "how", "many"],
    &["no", "limit"],
    &["no", "cap"],
    &["without", "limit"],
    &["without", "a", "limit"],
    &["unlimited"],
    &["any", "number", "of", "doctors"],
];

/// The slot search said to reach every doctor with no cap ("Find open slots of every doctor,
/// however many doctors it has, in one search", "every doctor is searched, with no limit on
/// their number"): a search of every doctor past the server's cap of requests answers
/// `SEARCH_TOO_BROAD`, and the agent, told none, does not narrow it. A sentence that says the
/// case ("too many", the code) passes.
pub(crate) fn cap_denied(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if tool != SLOT_SEARCH {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        let doctors = s.iter().any(|t| is_word(t, DOCTORS));
        let case_said = s
            .windows(2)
            .any(|w| is_word(&w[0], &["too"]) && is_word(&w[1], &["many", "broad"]))
            || s.iter().any(|t| {
                t.text
                    .trim_matches('`')
                    .eq_ignore_ascii_case("search_too_broad")
            });
        if !doctors || case_said {
            continue;
        }
        let hit = (0..s.len()).find(|&k| {
            NO_CAP.iter().any(|run| {
                run.iter()
                    .enumerate()
                    .all(|(j, w)| is_word_at(s, k + j, &[w]))
            })
        });
        if let Some(k) = hit {
            push(
                out,
                Rule::Directive,
                &s[k],
                "the slot search said to reach every doctor with no cap: a search of every doctor past the server's cap of requests answers `SEARCH_TOO_BROAD`".to_owned(),
            );
        }
    }
}

/// The slot search's cap of doctors said as another number ("at most 10 doctors", "of at most 5
/// doctors", "a search of more than 10 doctors is an error"): the agent splits or refuses a
/// search the server makes. A number of doctors said as an end is held to
/// [`SEARCH_DOCTOR_CAP`] (past it, more than 63); a count said alone ("Searched 3 of 5
/// doctors") is no cap.
pub(crate) fn doctor_cap_misstated(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if tool != SLOT_SEARCH {
        return;
    }
    for (k, t) in toks.iter().enumerate() {
        let Some((n, first)) = number(toks, k, text) else {
            continue;
        };
        if !is_word_at(toks, k + 1, DOCTORS) {
            continue;
        }
        let cap = SEARCH_DOCTOR_CAP;
        let fits = match said(toks, first, k, text) {
            Said::AtMost | Said::Scale | Said::Above | Said::Range(_) => n == cap,
            Said::Below | Said::AtLeast => n == cap + 1,
            Said::Lower | Said::Alone => true,
        };
        if !fits {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the slot search's cap of doctors said as another number: one search covers at most {cap} doctors (one request each, plus the doctor list)"
                ),
            );
            return;
        }
    }
}
