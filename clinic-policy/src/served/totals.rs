//! A page's totals, the upcoming filter, and what an absent value means.

use super::*;

/// What a page's totals count said to be of the page alone ("the total is of this page",
/// "Number of pages, or 0 when the patient has more than 100 appointments"), or to be one
/// number with no case ("total_pages is 1", "Number of pages, at most 1"): `total` counts the
/// appointments of every page and `total_pages` the pages, so the agent stops at the first.
pub(super) fn total_of_a_page(s: &[Tok], of_pages: bool, out: &mut Vec<Violation>) {
    // (a count: "total", "count", "number of …", "how many"; a text of the pages reads its
    // counts as theirs: "Number of pages; 1 when …")
    let Some(total) = s
        .iter()
        .position(|x| is_word(x, &["total", "count"]) || x.text == "total_pages")
        .or_else(|| {
            // ("number of appointments", not "the number of the page")
            s.windows(3).position(|w| {
                is_word(&w[0], &["number"])
                    && is_word(&w[1], &["of"])
                    && is_word(&w[2], &["appointments", "pages", "visits"])
                    || is_word(&w[0], &["how"]) && is_word(&w[1], &["many"])
            })
        })
    else {
        if of_pages {
            zero_for_many(s, true, out);
        }
        return;
    };
    let rest = &s[total + 1..];
    // "… of this page", "… on one page", "… on this list", "… the answer holds", with no
    // denial between: "not only this page" passes
    let this_page = rest.windows(3).enumerate().find(|&(k, w)| {
        let of_page = is_word(&w[0], &["of", "on", "in", "for"])
            && (is_word(&w[1], &["this", "the", "one", "a"]) && is_word(&w[2], &["page"])
                || is_word(&w[1], &["this", "one"])
                    && is_word(&w[2], &["list", "answer", "response", "result"]));
        let holds = is_word(&w[0], &["this", "the", "one"])
            && is_word(&w[1], &["page", "list", "answer", "response", "result"])
            && is_word(
                &w[2],
                &["holds", "has", "contains", "gives", "shows", "lists"],
            );
        (of_page || holds)
            && !rest[..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "only", "every", "all"]))
    });
    if let Some(t) = this_page.map(|(k, _)| &rest[k + 2]) {
        push(out, Rule::Directive, t, PAGE_ALONE.to_owned());
        return;
    }
    if zero_for_many(rest, of_pages, out) {
        return;
    }
    // a fixed count said with no case: "total_pages is 1", "Number of pages, at most 1", "It
    // is 1 for every patient" (a count with its case is true: "1 when the patient has at most
    // 20 appointments")
    let cased = rest
        .iter()
        .any(|x| is_word(x, &["when", "if", "while", "once", "unless", "per", "with"]));
    let fixed = rest.iter().enumerate().find(|&(k, x)| {
        let n =
            x.kind == Kind::Ident && x.text.bytes().all(|b| b.is_ascii_digit()) && x.text != "0"
                || is_word(x, &["one", "two", "three", "ten"]);
        // (a number denied is no count said: "not only the 20 on this page")
        let denied = rest[..k]
            .iter()
            .rev()
            .take(3)
            .any(|y| is_word(y, NEGATIONS));
        n && !cased
            && !denied
            && rest[..k].iter().rev().take(3).any(|y| {
                is_word(
                    y,
                    &[
                        "is", "are", "most", "always", "only", "exactly", "max", "maximum", "to",
                    ],
                )
            })
    });
    if let Some((_, t)) = fixed {
        push(
            out,
            Rule::Directive,
            t,
            "a page's totals said to be one number in every case: they count every page of the appointments, as many as there are".to_owned(),
        );
    }
}

const PAGE_ALONE: &str = "a page's totals said to count the page alone: the total counts the appointments of every page, and the number of pages every page";

/// In a text of `upcoming`'s true case, the appointments it drops said to stay ("When true,
/// only appointments that start after now; the rejected ones stay in the list"): with it true,
/// the cancelled, rejected and past appointments are out of the page and the total. A sentence
/// with its own case ("when false", "without it") or a denial says otherwise.
pub(super) fn upcoming_keeps_what_it_drops(s: &[Tok], out: &mut Vec<Violation>) {
    const DROPPED: &[&str] = &["cancelled", "rejected", "past", "earlier", "started"];
    const KEPT: &[&str] = &[
        "stay", "stays", "remain", "remains", "too", "also", "included", "kept", "listed",
    ];
    if s.iter().any(|x| {
        is_word(x, NEGATIONS)
            || is_word(
                x,
                &[
                    "no", "false", "unless", "absent", "omitted", "when", "if", "out",
                ],
            )
    }) || !s.iter().any(|x| is_word(x, DROPPED))
    {
        return;
    }
    if let Some(t) = s.iter().find(|x| is_word(x, KEPT)) {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "the server's flag `upcoming` said the other way round: it is true when {}",
                FLAGS
                    .iter()
                    .find(|f| f.field == "upcoming")
                    .map_or("", |f| f.meaning)
            ),
        );
    }
}

/// Whether a text speaks of the `upcoming` filter ("When true, only …", "with upcoming"): then
/// a total of every appointment is said past it.
pub(super) fn filtered_text(toks: &[Tok]) -> bool {
    toks.iter()
        .any(|x| is_word(x, &["upcoming", "true"]) || x.text == "upcoming")
}

/// Whether a text speaks of the pages: then a count said in it may be the number of pages
/// ("Number of pages; 1 when …").
pub(super) fn paged_text(toks: &[Tok]) -> bool {
    toks.iter()
        .any(|x| is_word(x, &["pages"]) || x.text == "total_pages")
}

/// A count said for many appointments that cannot be theirs: 0 for many ("0 when the patient has
/// more than 100"), or, of the pages, fewer pages than a page of at most 100 can hold ("1 when
/// the doctor has more than 100 appointments").
fn zero_for_many(rest: &[Tok], of_pages: bool, out: &mut Vec<Violation>) -> bool {
    // zero said for many: "0 when the patient has more than 100"; or, of the pages, fewer
    // pages than a page of at most 100 can hold: "1 when the doctor has more than 100
    // appointments"
    let zero_for_many = rest.iter().enumerate().find(|&(k, x)| {
        let n = if is_word(x, &["zero"]) {
            Some(0)
        } else {
            x.text.parse::<u64>().ok().filter(|_| x.kind == Kind::Ident)
        };
        let Some(n) = n else { return false };
        let many = |y: &Tok| is_word(y, &["more", "over", "above", "many", "most", "exceeds"]);
        is_word_at(rest, k + 1, &["when", "if", "for"])
            && if n == 0 {
                rest[k + 2..].iter().any(many)
            } else {
                of_pages
                    && rest[k + 2..].iter().enumerate().any(|(j, y)| {
                        many(y)
                            && rest[k + 3 + j..]
                                .iter()
                                .take(2)
                                .find_map(|z| z.text.parse::<u64>().ok())
                                .is_some_and(|m| m >= n * 100)
                    })
            }
    });
    if let Some((_, t)) = zero_for_many {
        push(out, Rule::Directive, t, PAGE_ALONE.to_owned());
        return true;
    }
    false
}

/// A total of the patient's appointments said to count past the `upcoming` filter ("the total
/// is of every appointment", "Appointments in all pages, of any status, the upcoming ones or
/// not"): with `upcoming` true, the page and the total are of the upcoming ones only, so the
/// agent reads a count of other appointments as theirs. A count said with its case ("when
/// upcoming is false", "without upcoming") says which.
pub(super) fn total_past_upcoming(s: &[Tok], filtered: bool, out: &mut Vec<Violation>) {
    let counted = s.iter().any(|x| is_word(x, &["total", "count", "number"]))
        || s.windows(2)
            .any(|w| is_word(&w[0], &["all", "every"]) && is_word(&w[1], &["pages"]));
    let cased = s.iter().any(|x| {
        is_word(
            x,
            &[
                "when", "if", "unless", "without", "false", "absent", "omitted",
            ],
        )
    });
    if !counted || cased {
        return;
    }
    // "of any status", "the upcoming ones or not", and, in a text of the filter, "every
    // appointment"
    let hit = s.iter().enumerate().find(|&(k, x)| {
        is_word(x, &["any", "every", "all", "each"])
            && (is_word_at(s, k + 1, &["status", "statuses"])
                || filtered && is_word_at(s, k + 1, &["appointment", "appointments"]))
            || is_word(x, &["or"])
                && is_word_at(s, k + 1, &["not"])
                && s[..k].iter().any(|y| is_word(y, &["upcoming"]))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the total said to count past the upcoming filter: with upcoming true, the page and the total are of the upcoming appointments only".to_owned(),
        );
    }
}

/// Words that say a value of an answer is left out ("absent", "empty", "left out"), and the
/// words that open the case said of it ("when", "for", "once", "after"): one list for every
/// reading of an absence, of a time or of any other value. (`null` is a value the clinic API
/// gives, a shared protocol's clinic; the server leaves its own absent values out.)
const VALUE_ABSENT: &[&str] = &["absent", "omitted", "missing", "unset", "empty", "left"];
const ABSENCE_CASE: &[&str] = &[
    "when", "if", "for", "unless", "where", "once", "after", "while", "until", "since",
];
/// The server's own reasons for an absence: the clinic's zone unknown or the clinic API giving
/// no value ("unknown", "when the API gives none", "unreadable").
const NOT_GIVEN: &[&str] = &[
    "unknown",
    "known",
    "unreadable",
    "invalid",
    "unrecognised",
    "unrecognized",
    "give",
    "gives",
    "gave",
    "given",
    "api",
    "upstream",
];

/// The absences said with their case in `s`: each absence word and the words of its case (up to
/// a comma).
fn absence_cases(s: &[Tok]) -> impl Iterator<Item = (&Tok, &[Tok])> {
    s.iter().enumerate().filter_map(move |(k, x)| {
        if !is_word(x, VALUE_ABSENT) {
            return None;
        }
        let c = (1..=2)
            .map(|d| k + d)
            .find(|&c| is_word_at(s, c, ABSENCE_CASE))?;
        let n = s[c + 1..]
            .iter()
            .take_while(|t| t.kind != Kind::Comma)
            .count();
        (n > 0).then(|| (x, &s[c + 1..c + 1 + n]))
    })
}

/// A time of the answer said to be absent for another reason than the server's ("absent when
/// the clinic is in the zone of UTC", "; absent for a cancelled appointment"): the server
/// leaves a local time and its zone out only when it does not know the clinic's zone, and an
/// appointment's start or end only when the clinic API does not give it, so an agent that reads
/// the absence as the appointment's state tells the patient a state it does not have.
/// `of_time`: the whole text is of such a time (a local time or zone, or the start or end of an
/// appointment), so a sentence after a `;` that says only the absence is read against it.
/// Any other value of the answer is [`absence_misread`]'s; both read one list of absences.
pub(super) fn local_absence_misread(s: &[Tok], of_time: bool, out: &mut Vec<Violation>) {
    if !(of_time || s.iter().any(|x| is_word(x, &["local", "zone"])))
        || s.iter().any(|x| is_word(x, NOT_GIVEN))
    {
        return;
    }
    if let Some((t, _)) = absence_cases(s).next() {
        push(
            out,
            Rule::Directive,
            t,
            "a time said to be absent for another reason: the server leaves a local time out only when the clinic's zone is unknown, and a start or end only when the clinic API does not give it".to_owned(),
        );
    }
}

/// A value said to be absent for a case of the object or a kind of person ("The patient, on a
/// doctor's schedule; absent when the patient has cancelled", "Medical specialty; empty for the
/// oncall doctor", "missing once the appointment is cancelled"): the server leaves a value of its
/// answer out only when the clinic API gives none, so an agent that reads the absence as a state
/// or a kind tells the patient one nobody gave. An absence whose case says no value was given
/// ("absent when unknown", "absent when the API gives none", "absent for an appointment that is
/// not rejected") passes, and so does a rejection's reason absent for another status (only a
/// rejection gives one); a local time and its zone are [`local_absence_misread`]'s.
/// Read on an answer's field of a tool of this server only: an argument "omitted for a search of
/// every doctor" is left out by the caller.
pub(crate) fn absence_misread(toks: &[Tok], tool: &str, answer: bool, out: &mut Vec<Violation>) {
    if !answer || role_of(tool).is_none() || of_a_time(toks) {
        return;
    }
    // (a rejection's reason is given only by a rejection: absent for another status)
    let reason = toks.iter().any(|x| is_word(x, &["reason", "rejection"]));
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        absence_misread_in(s, reason, out);
    }
}

/// [`absence_misread`] in one sentence.
fn absence_misread_in(s: &[Tok], reason: bool, out: &mut Vec<Violation>) {
    // (no value given: the server's reasons, or none written, not rejected)
    const NONE: &[&str] = &[
        "none", "no", "not", "nothing", "never", "without", "empty", "written", "unset", "null",
    ];
    if s.iter().any(|x| is_word(x, &["local", "zone"])) {
        return;
    }
    let hit = absence_cases(s).find(|(_, case)| {
        let by_status = reason
            && case.iter().any(|t| {
                is_word(t, APPOINTMENT_STATUSES) || is_word(t, &["reject", "rejects", "rejected"])
            });
        !by_status
            && !case
                .iter()
                .any(|t| is_word(t, NOT_GIVEN) || is_word(t, NONE))
    });
    let Some((t, _)) = hit else {
        return;
    };
    push(
        out,
        Rule::Directive,
        t,
        "a value said to be absent for a case or a kind of person: the server leaves a value out only when the clinic API gives none".to_owned(),
    );
}

/// The text is of a time of the answer that may be absent: its head (first clause) names a local
/// time, the clinic's zone, or the start or end of an appointment or visit ("The same instant in
/// the clinic's local time", "End of the appointment"; not "Fee in the local currency").
pub(super) fn of_a_time(toks: &[Tok]) -> bool {
    let (_, head) = clause_at(toks, 0);
    let head = &toks[..head];
    let local_time = (0..head.len())
        .any(|j| is_word(&head[j], &["local"]) && is_word_at(head, j + 1, &["time", "times"]));
    local_time
        || head.iter().any(|x| is_word(x, &["zone"]))
        || (head.iter().any(|x| is_word(x, &["start", "end"]))
            && head.iter().any(|x| is_word(x, &["appointment", "visit"])))
}

const STATUSES: &[&str] = &["pending", "confirmed", "cancelled", "canceled", "rejected"];

/// Where a sentence speaks of `upcoming`'s true case: the tokens after "When true, …" ("If
/// upcoming is true, …"), or after "only" in a clause that names the upcoming ones ("optionally
/// only the upcoming ones"); none in a sentence of its false case.
fn upcoming_case(s: &[Tok]) -> Option<&[Tok]> {
    if s.iter().any(|x| {
        is_word(
            x,
            &["false", "without", "absent", "omitted", "unless", "unset"],
        )
    }) {
        return None;
    }
    for (k, t) in s.iter().enumerate() {
        let when = |j: usize| is_word_at(s, j, &["when", "if", "once", "with", "where"]);
        if is_word(t, &["true"])
            && (k >= 1 && when(k - 1)
                || k >= 2 && s[k - 1].text == "upcoming" && when(k - 2)
                || k >= 3 && is_word(&s[k - 1], &["is", "set"]) && when(k - 3))
        {
            return Some(&s[k + 1..]);
        }
        // (the flag named bare: "with upcoming, those that …")
        if t.text == "upcoming"
            && k >= 1
            && when(k - 1)
            && !is_word_at(s, k + 1, &["true", "is", "set"])
        {
            return Some(&s[k + 1..]);
        }
    }
    let only = s.iter().position(|x| is_word(x, &["only"]))?;
    let (_, end) = clause_at(s, only);
    // (the flag is the option: "optionally only the ones that …")
    (s[only..end]
        .iter()
        .any(|x| x.text.eq_ignore_ascii_case("upcoming"))
        || only >= 1 && is_word(&s[only - 1], &["optionally"]))
    .then(|| &s[only..])
}

/// The edge in time of what the `upcoming` filter keeps said otherwise ("only the ones that
/// have not ended", "not yet over", "that end after now", "that start today or later"): it keeps
/// the ones whose start is after now, so a visit under way or earlier today is left out. A word
/// of ending said of what is left out ("the ones that have ended are left out") is true.
fn upcoming_edge_misstated(case: &[Tok]) -> Option<&Tok> {
    const ENDED: &[&str] = &[
        "end",
        "ends",
        "ended",
        "over",
        "finished",
        "done",
        "complete",
        "completed",
    ];
    const LEFT_OUT: &[&str] = &[
        "out",
        "excluded",
        "excluding",
        "except",
        "dropped",
        "omitted",
        "removed",
        "hidden",
        "skipped",
        "without",
    ];
    case.iter().enumerate().find_map(|(j, t)| {
        let (start, end) = clause_at(case, j);
        let ended = is_word(t, ENDED) && !case[start..end].iter().any(|x| is_word(x, LEFT_OUT));
        // "today or later", "from today on": the day, not the time, as the edge
        let today = is_word(t, &["today"]) && !(j >= 1 && is_word(&case[j - 1], &["later"]));
        (ended || today).then_some(t)
    })
}

/// What the `upcoming` filter keeps said otherwise ("When true, only confirmed appointments",
/// "…, cancelled ones included", "…, of any status", "only the upcoming ones of the first
/// page"): it keeps every appointment that starts after now but the cancelled and rejected
/// ones, pending and confirmed alike, from every page. A status is read as dropped after a
/// denial or a word of leaving out in its clause, else as kept.
pub(super) fn upcoming_status_misstated(s: &[Tok], out: &mut Vec<Violation>) {
    let Some(case) = upcoming_case(s) else {
        return;
    };
    let dropped = |j: usize| {
        let (_, end) = clause_at(case, j);
        // (the clause of the list the status is in: "neither cancelled, rejected nor started")
        let mut start = j;
        while start > 0
            && (is_word(&case[start - 1], STATUSES)
                || is_word(&case[start - 1], &["and", "or", "nor", "started", "past"])
                || case[start - 1].kind == Kind::Comma)
        {
            start -= 1;
        }
        let (start, _) = clause_at(case, start);
        case[start..j].iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(
                    x,
                    &[
                        "no",
                        "neither",
                        "nor",
                        "except",
                        "but",
                        "without",
                        "excluding",
                        "other",
                    ],
                )
        }) || case[j + 1..end].iter().any(|x| {
            is_word(
                x,
                &[
                    "out", "excluded", "dropped", "omitted", "removed", "hidden", "skipped",
                ],
            )
        })
    };
    // (a status said on top of others: "confirmed ones too")
    let additive = |j: usize| {
        let (start, end) = clause_at(case, j);
        case[start..end]
            .iter()
            .any(|x| is_word(x, &["too", "also", "including", "included", "plus"]))
    };
    let mut kept: Vec<(usize, &Tok)> = Vec::new();
    let mut hit = None;
    for (j, t) in case.iter().enumerate() {
        if !is_word(t, STATUSES) {
            continue;
        }
        let keeps = UPCOMING_KEEPS.contains(&t.text.as_str());
        if dropped(j) == keeps {
            hit = Some(t);
            break;
        }
        if keeps {
            kept.push((j, t));
        }
    }
    // (one of the two it keeps said alone: "only confirmed appointments")
    if let [(j, t)] = kept[..]
        && hit.is_none()
        && !additive(j)
    {
        hit = Some(t);
    }
    // "of any status", "whatever their status"; not "of any status but cancelled"
    let any_status = case.iter().enumerate().find(|&(j, x)| {
        is_word(x, &["any", "every", "all", "whatever"])
            && (1..=2).any(|d| is_word_at(case, j + d, &["status", "statuses"]))
            && !case[j + 2..(j + 6).min(case.len())]
                .iter()
                .any(|y| is_word(y, &["but", "except", "other", "save"]))
            && !denied(case, j)
    });
    // "of the first page", "from this page": the filter reads every page
    let one_page = case.windows(4).position(|w| {
        is_word(&w[0], &["of", "from", "on", "in", "within"])
            && is_word(&w[1], &["the", "this", "one", "a"])
            && is_word(&w[2], &["first", "current", "one", "same", "given"])
            && is_word(&w[3], &["page"])
            || is_word(&w[0], &["of", "from", "on", "in", "within"])
                && is_word(&w[1], &["this", "one", "each"])
                && is_word(&w[2], &["page"])
    });
    // (one of the two it drops said dropped alone: "and not cancelled" keeps the rejected ones)
    let said_dropped = |names: &[&str]| {
        case.iter()
            .enumerate()
            .any(|(j, x)| is_word(x, names) && dropped(j))
    };
    let named = |names: &[&str]| case.iter().any(|x| is_word(x, names));
    let cancelled: &[&str] = &["cancelled", "canceled"];
    let half = (said_dropped(cancelled) && !named(&["rejected"])
        || said_dropped(&["rejected"]) && !named(cancelled))
    .then(|| case.iter().find(|x| is_word(x, STATUSES)))
    .flatten();
    let hit = hit
        .or(half)
        .or(any_status.map(|(_, x)| x))
        .or(one_page.map(|j| &case[j]));
    if let Some(t) = upcoming_edge_misstated(case) {
        push(
            out,
            Rule::Directive,
            t,
            "the time edge of the upcoming filter said otherwise: with upcoming true, only the appointments whose start is after now are kept, so one under way or earlier today is left out".to_owned(),
        );
        return;
    }
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "what the upcoming filter keeps said otherwise: with upcoming true, every appointment that starts after now but the cancelled and rejected ones, pending and confirmed alike, of every page".to_owned(),
        );
    }
}

/// `total` said to count the pages, `total_pages` the appointments, or the two said to be one
/// ("with total, the number of pages", "total_pages counts the appointments, and total the
/// pages", "total is the same as total_pages", "total, as total_pages, counts the pages"):
/// `total` counts the appointments of every page and `total_pages` the pages, so the agent told
/// otherwise pages too far or stops too soon, and reports a wrong count. Each field is read
/// from its name to the next field, "and", "or", sentence end, or a comma that opens no gloss,
/// by the first
/// counted thing it names ("Total number of pages" names `total_pages` itself; "total of
/// appointments over all pages" names the appointments; "the total is of every page" says what
/// it counts over).
pub(super) fn totals_swapped(s: &[Tok], out: &mut Vec<Violation>) {
    const ITEMS: &[&str] = &[
        "appointments",
        "appointment",
        "items",
        "visits",
        "results",
        "entries",
        "bookings",
    ];
    let field = |x: &Tok| {
        x.text == "total_pages" || x.kind == Kind::Word && x.text.eq_ignore_ascii_case("total")
    };
    let mut push_at = |x: &Tok| {
        push(
            out,
            Rule::Directive,
            x,
            "`total` and `total_pages` said the other way round, or as one: `total` counts the appointments of every page, `total_pages` the pages".to_owned(),
        );
    };
    // the two said to be one: an equating word between them, or after both ("the same count")
    let total = s
        .iter()
        .position(|x| x.kind == Kind::Word && x.text.eq_ignore_ascii_case("total"));
    let pages = s.iter().position(|x| x.text == "total_pages");
    if let (Some(a), Some(b)) = (total, pages) {
        let (lo, hi) = (a.min(b), a.max(b));
        // ("as" only right beside a field: "total, as total_pages, …"; not "as the clinic API
        // gives them")
        // (after both, only a count said the same: "are the same count"; not "the same on every
        // page"; "as well as" joins)
        let equating = |j: usize| {
            is_word(&s[j], &["same", "equal", "equals", "identical"])
                && (j < hi || is_word_at(s, j + 1, &["count", "number", "value", "figure"]))
                || is_word(&s[j], &["as"])
                    && !is_word_at(s, j + 1, &["well"])
                    && !(j >= 1 && is_word(&s[j - 1], &["well"]))
                    && (s.get(j + 1).is_some_and(&field) || j >= 1 && field(&s[j - 1]))
        };
        if (lo + 1..s.len()).any(|j| j != hi && equating(j) && s[j].kind == Kind::Word)
            || one_value(s, lo, hi)
        {
            push_at(&s[a]);
            return;
        }
    }
    // a pages word that is what is counted: "the pages", "number of pages", "the page count"
    // (not a scope: "of every page", "over all pages", "this page")
    let counted_pages = |j: usize| {
        is_word(&s[j], &["pages", "page"])
            && (j >= 1 && is_word(&s[j - 1], &["the", "of", "its"])
                || is_word_at(s, j + 1, &["count", "number"]))
    };
    for (k, x) in s.iter().enumerate() {
        if !field(x) || is_word_at(s, k + 1, &["number", "count", "amount"]) {
            continue;
        }
        let mut j = k + 1;
        let first = loop {
            let Some(y) = s.get(j) else { break None };
            if y.kind == Kind::Stop || field(y) || is_word(y, &["and", "or"]) {
                break None;
            }
            // (a comma opens a gloss only before "the", "a", "which", "that", "as", "how", …;
            // "total, page, limit" is a list of fields)
            if y.kind == Kind::Comma
                && !s.get(j + 1).is_some_and(|z| {
                    is_word(
                        z,
                        &[
                            "the", "a", "an", "its", "which", "that", "is", "means", "how",
                            "namely", "as", "counts", "count",
                        ],
                    )
                })
            {
                break None;
            }
            if counted_pages(j) || is_word(y, ITEMS) {
                break Some(j);
            }
            j += 1;
        };
        let Some(f) = first else { continue };
        let pages_counted = counted_pages(f);
        if x.text == "total_pages" && !pages_counted || x.text != "total_pages" && pages_counted {
            push_at(x);
            return;
        }
    }
}

/// `total` and `total_pages` (at `lo` and `hi`) said to be one value by any word of sameness:
/// one said to repeat, match, mirror or copy the other, or be its copy ("total_pages repeats
/// total", "total is copied into total_pages", "total_pages is a copy of total"); one said to be
/// the other with only a verb between ("total_pages is total"), or the two said to hold one
/// value ("total and total_pages hold one number", "share a count", "match"). A value each
/// ("one number each"), a reckoning ("total divided by limit") or a denial keeps them two.
fn one_value(s: &[Tok], lo: usize, hi: usize) -> bool {
    let sameness = |x: &Tok| {
        x.kind == Kind::Word
            && [
                "repeat",
                "match",
                "mirror",
                "cop",
                "echo",
                "duplicat",
                "restat",
                "alias",
                "synonym",
                "twin",
                "equal",
                "same",
                "identical",
                "alike",
                "coincid",
                "agree",
                "reus",
                "clone",
                "shar",
                "common",
                "joint",
                "single",
                "sole",
            ]
            .iter()
            .any(|stem| x.text.starts_with(stem))
    };
    // (two values: "one number each", "each its own", "two numbers", "one ... and one ...")
    let apart = s.iter().any(|x| {
        is_word(
            x,
            &[
                "each",
                "apiece",
                "own",
                "separate",
                "different",
                "distinct",
                "two",
                "unlike",
                "whereas",
                "while",
                "divided",
                "over",
                "times",
                "plus",
                "minus",
                "rounded",
                "limit",
                "per",
                "from",
                "by",
            ],
        )
    }) || s.iter().filter(|x| is_word(x, &["one"])).count() > 1;
    let denied = s
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
    if apart || denied {
        return false;
    }
    let between = &s[lo + 1..hi];
    // one said to be the other, or its copy: only verbs, determiners and sameness between
    let joins = |x: &Tok| {
        is_word(x, DETERMINERS)
            || is_word(
                x,
                &[
                    "is", "are", "of", "to", "into", "in", "as", "just", "again", "also", "simply",
                    "exactly", "always", "the",
                ],
            )
            || verb(&x.text).is_some()
            || sameness(x)
    };
    let said_one = between.iter().all(|x| x.kind == Kind::Word && joins(x))
        && between
            .iter()
            .any(|x| sameness(x) || is_word(x, &["is", "are"]));
    // the two joined, then said to hold one value: "total and total_pages hold one count"
    let together = between
        .iter()
        .all(|x| x.kind == Kind::Comma || is_word(x, &["and", "with", "both"]));
    // (a verb of sameness, or one value; "the same on every page" says each is constant)
    let verb_of_sameness = |x: &Tok| {
        x.kind == Kind::Word
            && [
                "repeat", "match", "mirror", "cop", "echo", "duplicat", "restat", "coincid",
                "agree", "shar", "clone",
            ]
            .iter()
            .any(|stem| x.text.starts_with(stem))
    };
    let one_after = s[hi + 1..].iter().enumerate().any(|(i, x)| {
        verb_of_sameness(x)
            || is_word(x, &["one"])
                && s[hi + 1 + i + 1..].iter().take(2).any(|y| {
                    is_word(
                        y,
                        &[
                            "number", "count", "value", "figure", "amount", "sum", "integer",
                        ],
                    )
                })
            || is_word(x, &["one"]) && hi + 2 + i == s.len()
    });
    said_one || together && one_after
}

/// Words of a count other than a page's: units of time and the words of a rank or an id.
fn counts_another(x: &Tok) -> bool {
    hours_of(x).is_some()
        || crate::lang::words::kind_of(x).is_some()
        || is_word(
            x,
            &[
                "id", "ids", "date", "dates", "minute", "minutes", "rank", "position", "priority",
                "severity", "weekday", "weekdays", "season", "quarter", "calendar", "count",
                "index", "visit", "visits", "booking", "bookings",
            ],
        )
}

/// A page's number glossed as another count ("Page number; as in the number of the week of the
/// year", "Page number, read as the day of the month", "page 2 is the second week", "Page, i.e.
/// the month"): the page is the number of a page of the list, from 1, each of `limit` items, in
/// no span of time, so the agent that reads it as a week or a day asks for a page past the last
/// and misses appointments. The page said once more ("as in page 2", "like the last page") or
/// as a number ("like 1, 2 or 3") is its own.
pub(super) fn page_glossed(toks: &[Tok], out: &mut Vec<Violation>) {
    let clause_of = |k: usize| toks[..k].iter().filter(|x| x.kind == Kind::Stop).count();
    for (p, t) in toks.iter().enumerate() {
        if !is_word(t, PAGE_WORDS) {
            continue;
        }
        // the page's number: "page number", "the number of the page", "page 2", or a text that
        // opens on "Page" (not "Page of the appointments", a page of items)
        let number = is_word_at(toks, p + 1, &["number", "no", "index"])
            || toks.get(p + 1).is_some_and(|x| x.kind == Kind::Ident)
            || p >= 2
                && is_word(&toks[p - 1], DETERMINERS)
                && is_word(&toks[p - 2], &["of"])
                && p >= 3
                && is_word(&toks[p - 3], &["number"])
            || p == 0 && !is_word_at(toks, 1, &["of", "size", "sizes"]);
        if !number {
            continue;
        }
        let mut m = p + 1;
        while m < toks.len() && clause_of(m) <= clause_of(p) + 1 {
            let x = &toks[m];
            // a mark of a gloss; a copula only right after the page's number ("page 2 is …")
            let copula = is_word(x, COPULAS)
                && toks[p + 1..m]
                    .iter()
                    .all(|y| y.kind == Kind::Ident || is_word(y, &["number", "no"]));
            // an apposition right after the page's number: "Page number, the week of the year"
            let apposition = x.kind == Kind::Comma
                && (p == 0 || m > p + 1)
                && toks[p + 1..m]
                    .iter()
                    .all(|y| y.kind == Kind::Ident || is_word(y, &["number", "no"]))
                && is_word_at(toks, m + 1, DETERMINERS);
            let mark = copula
                || apposition
                || is_word(
                    x,
                    &[
                        "as",
                        "like",
                        "namely",
                        "ie",
                        "viz",
                        "aka",
                        "means",
                        "meaning",
                        "equals",
                        "equal",
                        "same",
                        "identical",
                        "equivalent",
                        "corresponds",
                        "corresponding",
                        "matches",
                        "matching",
                        "mirrors",
                        "counts",
                        "stands",
                        "denotes",
                        "represents",
                        "tracks",
                    ],
                )
                || is_word(x, &["is"]) && m >= 1 && is_word(&toks[m - 1], &["that"])
                || x.text == "e" && m >= 2 && toks[m - 2].text == "i";
            m += 1;
            if !mark {
                continue;
            }
            // the phrase glossed: past the mark's own words and determiners, up to a verb, a
            // mark or a preposition other than "of"
            let mut j = m;
            while j < toks.len()
                && (toks[j].kind != Kind::Word && toks[j].kind != Kind::Ident
                    || is_word(&toks[j], DETERMINERS)
                    || is_word(
                        &toks[j],
                        &["in", "to", "for", "with", "as", "the", "same", "read"],
                    ))
            {
                if toks[j].kind == Kind::Stop && clause_of(j) > clause_of(p) + 1 {
                    break;
                }
                j += 1;
            }
            let phrase: Vec<&Tok> = toks[j..]
                .iter()
                .take_while(|y| {
                    y.kind == Kind::Ident
                        || y.kind == Kind::Word
                            && (!is_word(y, PREPOSITIONS) || is_word(y, &["of"]))
                            && verb(&y.text)
                                .is_none_or(|_| counts_another(y) || is_word(y, PAGE_WORDS))
                })
                .take(8)
                .collect();
            if phrase.first().is_some_and(|y| y.kind == Kind::Ident)
                || phrase.iter().any(|y| is_word(y, &["page", "pages"]))
            {
                continue;
            }
            if let Some(y) = phrase.iter().find(|y| counts_another(y)) {
                push(
                    out,
                    Rule::Directive,
                    y,
                    "a page's number glossed as another count: the page is the number of a page of the list, from 1, of `limit` items each".to_owned(),
                );
                return;
            }
        }
    }
}

/// A page, its size or the list's totals said to be of a span of the calendar ("Page number,
/// one for each week of the year", "Page number; each page holds one week of appointments",
/// "Page size, in days", "Number of the doctor's appointments in the whole month"): a page is
/// the `limit` items of its number, from 1, in no span of time, and a total counts the whole
/// list whenever its items fall, so the agent that reads a page as a week asks for the wrong
/// page, and one that reads a total as a month's tells the doctor a wrong load. A span denied
/// ("whatever the day", "in no span of time", "not one week") is no such reading.
pub(super) fn page_said_a_span(s: &[Tok], out: &mut Vec<Violation>) {
    const HEADS: &[&str] = &[
        "page", "pages", "limit", "total", "totals", "count", "counts", "number", "size", "paging",
        "paged",
    ];
    if !s.iter().any(|x| is_word(x, HEADS)) {
        return;
    }
    let span = |x: &Tok| {
        hours_of(x).is_some()
            || is_word(
                x,
                &[
                    "weekday",
                    "weekdays",
                    "weekend",
                    "weekends",
                    "fortnight",
                    "fortnights",
                    "quarter",
                    "quarters",
                    "season",
                    "seasons",
                    "daily",
                    "weekly",
                    "monthly",
                    "yearly",
                    "hourly",
                    "today",
                    "tomorrow",
                    "yesterday",
                    "monday",
                    "tuesday",
                    "wednesday",
                    "thursday",
                    "friday",
                    "saturday",
                    "sunday",
                ],
            )
    };
    // (a span denied or every one of it: "not a week or a day", "of every day")
    let denied = |k: usize| {
        is_word_at(s, k.wrapping_sub(1), &["every", "each"])
            || s[k.saturating_sub(7)..k].iter().any(|y| {
                is_word(y, NEGATIONS)
                    || is_word(
                        y,
                        &[
                            "no",
                            "any",
                            "whatever",
                            "whichever",
                            "regardless",
                            "irrespective",
                            "nor",
                            "without",
                        ],
                    )
            })
    };
    if let Some(t) = s
        .iter()
        .enumerate()
        .find_map(|(k, x)| (span(x) && !denied(k)).then_some(x))
    {
        push(
            out,
            Rule::Directive,
            t,
            "a page or a total said to be of a span of the calendar: a page is `limit` items, from page 1, in no span of time, and a total counts the whole list".to_owned(),
        );
    }
}
