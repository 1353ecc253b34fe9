//! The slot search's window: its default, its cap, its edges and the zone (UTC) it is read in.

use super::*;

/// The slot search's window said with another default or cap than the server's ("Default: 30
/// days after from", "(default: the next 62 days)", "at most 14 days after from"). An amount of
/// time in a sentence of the window is its default when "default" or a word of an absent
/// argument comes before it with no other amount between ("Default: 7 days after from",
/// "default: the next week", "When absent, 30 days after from", "Without to, the next 30 days")
/// or "by default" after it; its cap when said as an upper end ("at most 62 days", "up to 62
/// days", "14 days at most"); and a bound either way when said as what lies past it ("slots
/// more than 14 days later than from are out of reach").
pub(super) fn window_misstated(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
    // (a cap is read in a sentence of the window, or of the time from `from`, not of the slots
    // the clinic has: "Open slots are published for up to 14 days")
    const WINDOW: &[&str] = &[
        "window", "after", "search", "searched", "searches", "span", "range", "later", "between",
        "from",
    ];
    let of_the_window = s.iter().any(|x| is_word(x, WINDOW));
    // (a window past an amount said to be refused: only the cap refuses one, where the default
    // only ends a window whose `to` is absent)
    let refused = s.iter().any(|x| {
        x.text == "invalid_arguments"
            || is_word(x, &["error", "errors", "refused", "invalid", "rejected"])
    });
    let mut after_default = false;
    for (k, t) in s.iter().enumerate() {
        if is_word(t, &["default", "defaults"])
            || is_word(t, ABSENT)
            || is_word(t, &["without"]) && k + 1 < s.len()
        {
            after_default = true;
            continue;
        }
        let Some((per, uneven)) = hours_of(t) else {
            continue;
        };
        // the number before the unit, or one ("the next week", "a month")
        let (n, first) = match k.checked_sub(1).and_then(|j| number(s, j, text)) {
            Some((n, f)) => (n, f),
            // ("the next week", "a month"; not "the first day of …")
            None if k >= 1
                && is_word(&s[k - 1], &["a", "an", "one", "next"])
                && !t.text.ends_with('s') =>
            {
                (1, k)
            }
            // (a default of "the month of from", "the end of the month")
            None if after_default
                && k >= 1
                && is_word(&s[k - 1], &["the"])
                && !t.text.ends_with('s') =>
            {
                (1, k)
            }
            None => continue,
        };
        let hours = n * per;
        let form = said(s, first, k.saturating_sub(1).max(first), text);
        let by_default = is_word_at(s, k + 1, &["by"]) && is_word_at(s, k + 2, &["default"]);
        let cap = matches!(form, Said::AtMost | Said::Below);
        let fits = |days: u32| {
            if uneven {
                (n * 28 * 24..=n * 31 * 24).contains(&(days * 24))
            } else {
                hours == days * 24
            }
        };
        // (what lies past an amount is out of the window either way: past the cap, or past
        // the default when `to` is absent)
        // (the amount after a default's word is the default, even said as an upper end:
        // "Without to, up to 7 days after from")
        // ("Default: the end of the week": an edge of the calendar, not an amount after from)
        let edge = k >= 3
            && is_word(&s[k - 1], &["the", "this"])
            && is_word(&s[k - 2], &["of"])
            && is_word(&s[k - 3], &["end", "close", "rest", "start"]);
        let wrong = if after_default || by_default {
            (edge || !fits(SLOT_WINDOW_DEFAULT_DAYS)).then_some("a default of 7 days")
        } else if (cap || matches!(form, Said::Above) && refused) && of_the_window {
            (!fits(SLOT_WINDOW_CAP_DAYS)).then_some("a cap of 62 days")
        } else if matches!(form, Said::Above) && of_the_window {
            (!fits(SLOT_WINDOW_CAP_DAYS) && !fits(SLOT_WINDOW_DEFAULT_DAYS))
                .then_some("a cap of 62 days, and a default of 7 days")
        } else {
            None
        };
        after_default = false;
        if let Some(fact) = wrong {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the slot search's window said otherwise: the server searches with {fact} after from"
                ),
            );
            return;
        }
    }
}

/// The slot search's window said to be in the clinic's local time or another zone ("a date
/// (midnight in the local time of the clinic)", "Start of the window searched, in the local time
/// of the clinic", "a date, in the clinic's own zone", "End of the window searched, at the
/// clinic", "a date (the start of that day at the clinic)"): the server reads a bare date as
/// midnight UTC and reports the window in UTC, so the agent searches hours off. A sentence of the
/// window, the search, or a date or day, is read; one that names UTC too says which is which.
pub(super) fn window_said_local(s: &[Tok], out: &mut Vec<Violation>) {
    if !s.iter().any(|x| {
        is_word(
            x,
            &[
                "window", "midnight", "search", "searched", "date", "dates", "day", "days",
            ],
        )
    }) {
        return;
    }
    // (a sentence that names UTC too says which is which when a word sets the two apart: "in
    // UTC, not in the clinic's local time"; "a date in UTC, as at the clinic" makes them one)
    let utc = s.iter().position(|x| is_word(x, UTC) || is_word(x, &["z"]));
    if let Some(t) = said_of_the_clinic(s) {
        let at = s
            .iter()
            .position(|x| std::ptr::eq(x, t))
            .unwrap_or_default();
        // (UTC denied after the clinic's time keeps the window local: "in the clinic's local
        // time, not UTC"; the clinic's time denied after UTC sets it apart: "in UTC, rather
        // than the clinic's time")
        const DENIED: &[&str] = &[
            "not",
            "never",
            "no",
            "nor",
            "rather",
            "instead",
            "than",
            "unlike",
            "except",
            "whatever",
            "whichever",
            "regardless",
        ];
        let denied_at = |k: usize| s[k.saturating_sub(3)..k].iter().any(|x| is_word(x, DENIED));
        if let Some(u) = utc {
            let span = &s[u.min(at)..u.max(at)];
            let apart = span
                .iter()
                .any(|x| x.kind == Kind::Stop || is_word(x, SET_APART));
            let keeps_local = at < u && denied_at(u);
            if !keeps_local && (apart || u < at && denied_at(at)) {
                return;
            }
        }
        push(
            out,
            Rule::Directive,
            t,
            "the slot search's window said in local time: the server reads a bare date as midnight UTC and reports the window in UTC".to_owned(),
        );
    }
}

/// Where a clause puts a time in the clinic's own zone: "local", a time "in" the clinic's zone
/// ("midnight in the time zone of the clinic"), the clinic's time, zone or clock ("in the
/// clinic's own time"), or "at the clinic"; not after a denial ("not in the local time of the
/// clinic"), nor a zone of another ("in the patient's own time zone").
fn said_of_the_clinic(s: &[Tok]) -> Option<&Tok> {
    s.iter().enumerate().find_map(|(k, x)| {
        if s[k.saturating_sub(4)..k]
            .iter()
            .any(|y| is_word(y, NEGATIONS) || is_word(y, &["no"]))
        {
            return None;
        }
        let clinic = |y: &Tok| is_word(y, &["clinic", "clinics"]);
        let zone_in = is_word(x, &["zone", "zones"])
            && s[k.saturating_sub(6)..k]
                .iter()
                .any(|y| is_word(y, &["in"]))
            && s[k.saturating_sub(3)..(k + 4).min(s.len())]
                .iter()
                .any(clinic);
        const CLOCK: &[&str] = &[
            "time", "times", "zone", "clock", "hour", "hours", "timezone",
        ];
        let clinic_time = clinic(x)
            && (is_word_at(s, k + 1, CLOCK)
                || is_word_at(s, k + 1, &["own"]) && is_word_at(s, k + 2, CLOCK)
                || k >= 2 && is_word(&s[k - 1], &["the"]) && is_word(&s[k - 2], &["at"]));
        (is_word(x, &["local"]) || zone_in || clinic_time).then_some(x)
    })
}

/// A time served in UTC said to be the clinic's own, next to an example that ends in `Z` ("The
/// instant at the clinic, RFC 3339 (for example 2026-12-01T14:00:00Z)"): the server's `utc`
/// fields end in `Z`, and its local times carry the clinic's offset, so the agent tells the
/// patient a time hours off.
pub(super) fn utc_example_said_local(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
    let (Some(first), Some(last)) = (s.first(), s.last()) else {
        return;
    };
    let b = &text.as_bytes()[first.start..last.end];
    // (a time of day written hh:mm, with or without seconds, then Z)
    let z_example = (5..b.len()).any(|i| {
        matches!(b[i], b'Z' | b'z')
            && b[i - 1].is_ascii_digit()
            && b[i - 2].is_ascii_digit()
            && b[i - 3] == b':'
            && (i + 1 == b.len() || !b[i + 1].is_ascii_alphanumeric())
    });
    if !z_example || s.iter().any(|x| is_word(x, &["utc"])) {
        return;
    }
    if let Some(t) = said_of_the_clinic(s) {
        push(
            out,
            Rule::Directive,
            t,
            "a time in UTC said to be the clinic's own: a time that ends in Z is UTC, and the clinic's local time carries its offset".to_owned(),
        );
    }
}

/// What the slot search counts said to reach past its window ("Open slots of the doctor in
/// all, with no window", "Number of open slots, whatever the window"): `total_found` counts the
/// open slots in the window before the limit, so the agent tells a patient a doctor has no
/// other slot when a wider window has some.
pub(super) fn count_beyond_window(s: &[Tok], out: &mut Vec<Violation>) {
    let counted = s
        .iter()
        .any(|x| is_word(x, &["total", "count", "number", "found"]))
        || s.windows(2)
            .any(|w| is_word(&w[0], &["in"]) && is_word(&w[1], &["all"]));
    let hit = s.iter().enumerate().find(|&(k, x)| {
        counted
            && is_word(x, &["window"])
            && s[k.saturating_sub(3)..k].iter().any(|y| {
                is_word(
                    y,
                    &[
                        "no",
                        "without",
                        "whatever",
                        "any",
                        "outside",
                        "beyond",
                        "regardless",
                    ],
                )
            })
    });
    // … or the slots counted as the doctor's whole calendar, with no word of the window or the
    // search: "How many open slots the doctor has", "Open slots of the doctor in all, over every
    // date"
    let searched = s.iter().any(|x| {
        is_word(
            x,
            &[
                "window", "search", "searched", "found", "matched", "from", "between", "range",
                "span", "within",
            ],
        )
    });
    let counted_whole = s
        .iter()
        .any(|x| is_word(x, &["many", "every", "all", "each"]))
        || counted;
    // "has" of the doctor's slots, not of a slot's own fields ("Each slot has an id")
    let whole = s.iter().enumerate().find(|&(k, x)| {
        is_word(x, &["has", "have"]) && !(k >= 1 && is_word(&s[k - 1], &["slot", "slots", "one"]))
            || is_word(x, &["date", "dates", "day", "days", "time"])
                && k >= 1
                && is_word(&s[k - 1], &["every", "all", "any", "each"])
    });
    let hit = hit.or(whole.filter(|_| {
        counted_whole && !searched && s.iter().any(|x| is_word(x, &["slot", "slots"]))
    }));
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "what the slot search counts said to reach past its window: it counts the open slots of the window, before the limit".to_owned(),
        );
    }
}

/// The slot search's window said to hold its slots otherwise than the server keeps them: a slot
/// is in it when `from <= start < to`, by its start alone ("a slot is in the window when it ends
/// before it"), a plain date as `to` is midnight UTC at that day's start, so the day is left out
/// ("a date as to takes in the whole of that day"), and the window answered is in UTC, not the
/// text the caller sent ("Start of the window searched, as the caller gave it"). The agent that
/// trusts the claim searches a day short, or reads a slot that runs past `to` as missing.
pub(super) fn window_bounds_misread(s: &[Tok], of_end: bool, out: &mut Vec<Violation>) {
    const SLOT: &[&str] = &["slot", "slots", "it", "they", "that", "which"];
    const ENDS: &[&str] = &["ends", "end", "ending", "finishes", "finish", "finished"];
    // a slot held by its end: "a slot is in the window when it ends before it"
    let by_end = (1..s.len())
        .find(|&j| is_word(&s[j], ENDS) && is_word(&s[j - 1], SLOT))
        .filter(|_| {
            s.iter().any(|x| is_word(x, &["slot", "slots"]))
                && s.iter().any(|x| is_word(x, &["window", "to"]))
        });
    // a date as the end said to take in its day: "takes in the whole of that day", "that day
    // included"
    let whole_day = s
        .iter()
        .position(|x| {
            is_word(
                x,
                &[
                    "whole",
                    "entire",
                    "including",
                    "includes",
                    "included",
                    "covers",
                    "through",
                ],
            )
        })
        .filter(|_| of_end && s.iter().any(|x| is_word(x, &["date", "day"])));
    // the window answered as the caller sent it: "as the caller gave it", "unchanged"
    let echoed = (0..s.len())
        .find(|&j| {
            is_word(&s[j], &["unchanged", "verbatim", "echoed", "untouched"])
                || is_word(
                    &s[j],
                    &["gave", "sent", "passed", "typed", "wrote", "written"],
                ) && s[j.saturating_sub(3)..j]
                    .iter()
                    .any(|y| is_word(y, &["as"]))
        })
        .filter(|_| s.iter().any(|x| is_word(x, &["window", "searched"])));
    let hit = by_end.or(whole_day).or(echoed).filter(|&j| !denied(s, j));
    if let Some(j) = hit {
        push(
            out,
            Rule::Directive,
            &s[j],
            "the slot search's window said to hold its slots otherwise: a slot is in it when from <= its start < to, a date as to is midnight UTC at that day's start, and the window answered is in UTC".to_owned(),
        );
    }
}

/// The slot search's window at its edges said otherwise: an end not after its start ("a to
/// before from gives an empty list", "… is read as the start", "the same instant as from gives
/// the slots of that day") is refused (`INVALID_ARGUMENTS`); a start in the past is searched as
/// given, neither refused nor read as now; and the years it takes are 2000 to 2999. The agent
/// that trusts the claim reads a refusal as no slot, or a past window as the present one.
pub(super) fn window_edge_misstated(s: &[Tok], of_end: bool, out: &mut Vec<Violation>) {
    const END: &[&str] = &["to", "end", "ends", "ending", "until"];
    const START: &[&str] = &["from", "start", "starts", "begins", "beginning"];
    const REFUSED: &[&str] = &[
        "error", "errors", "refused", "rejected", "invalid", "refuses", "rejects", "fails", "must",
        "cannot",
    ];
    let code = |x: &Tok| {
        let t = x.text.trim_matches('`');
        x.kind == Kind::Ident
            && t.contains('_')
            && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
            && !matches!(t, "doctor_id" | "slot_id" | "appointment_id")
    };
    let refused = |xs: &[Tok]| xs.iter().any(|x| is_word(x, REFUSED) || code(x));
    let near = |j: usize, back: bool, list: &[&str]| {
        let r = if back {
            j.saturating_sub(4)..j
        } else {
            (j + 1)..(j + 5).min(s.len())
        };
        s[r].iter()
            .any(|x| is_word(x, list) || x.text == "to" && list == END)
    };
    // an end not after its start: "to before from", "ends before it starts", "the same
    // instant as from" (not "same formats as from")
    let inverted = (0..s.len()).find(|&j| {
        let before = is_word(&s[j], &["before", "earlier", "precedes", "prior"]);
        let same = is_word(&s[j], &["same", "equal"])
            && (is_word_at(s, j + 1, &["as", "to"])
                || is_word_at(
                    s,
                    j + 1,
                    &["instant", "time", "moment", "value", "date", "point"],
                ) && is_word_at(s, j + 2, &["as", "to"]));
        (before || same) && (near(j, true, END) || of_end) && near(j, false, START)
    });
    if let Some(j) = inverted {
        // (what it gives: a refusal is true, anything else, or another code, is not)
        let wrong_code = s
            .iter()
            .any(|x| code(x) && x.text.trim_matches('`') != "invalid_arguments");
        if !refused(s) || wrong_code {
            push(
                out,
                Rule::Directive,
                &s[j],
                "the slot search's window at its edge said otherwise: an end not later than the start is refused with `INVALID_ARGUMENTS`".to_owned(),
            );
            return;
        }
    }
    // a start in the past: "a start before now", "a start in the past", "a past start"
    let past = (0..s.len()).find_map(|j| {
        let before_now = is_word(&s[j], &["before", "earlier"])
            && (1..=2).any(|d| is_word_at(s, j + d, &["now", "today"]));
        let in_past = is_word(&s[j], &["past"])
            && (is_word_at(s, j + 1, START) || j >= 1 && is_word(&s[j - 1], &["the"]));
        (before_now || in_past).then_some((j, if before_now { j + 3 } else { j + 2 }))
    });
    let start_near = |j: usize| {
        s[j.saturating_sub(6)..(j + 4).min(s.len())]
            .iter()
            .any(|x| is_word(x, START))
    };
    if let Some((j, e)) = past.filter(|&(j, _)| start_near(j)) {
        // (what it gives, the condition's own words aside; a word its phrase denies is no
        // claim: "neither refused nor moved to now", not "not refused but moved to now")
        let denied_here = |i: usize| {
            s[..i]
                .iter()
                .rev()
                .take_while(|x| x.kind == Kind::Word && !is_word(x, &["but", "instead"]))
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
        };
        let said = (0..s.len())
            .filter(|&i| i + 1 < j || i >= e)
            .map(|i| (i, &s[i]))
            .find(|&(i, x)| {
                (is_word(x, REFUSED)
                    || code(x)
                    || is_word(
                        x,
                        &[
                            "now", "today", "current", "clamped", "moved", "raised", "replaced",
                            "ignored", "rounded",
                        ],
                    ))
                    && !denied_here(i)
            })
            .map(|(_, x)| x);
        if let Some(t) = said {
            push(
                out,
                Rule::Directive,
                t,
                "the slot search's start said otherwise: a start in the past is searched as given, neither refused nor read as now".to_owned(),
            );
            return;
        }
    }
    // the years: "of any year", "from 1900 to 9999"
    if s.iter().any(|x| is_word(x, &["year", "years"])) {
        let any = s.iter().enumerate().find(|&(j, x)| {
            is_word(x, &["year", "years"])
                && j >= 1
                && is_word(&s[j - 1], &["any", "every", "all", "whatever"])
        });
        // (the numbers of the clause of the years, and the one after it; not "RFC 3339")
        let at = s
            .iter()
            .position(|x| is_word(x, &["year", "years"]))
            .unwrap_or(0);
        let (start, end) = clause_at(s, at);
        let (_, end) = next_clause(s, end);
        let years: Vec<u32> = (start..end.max(start))
            .filter(|&j| {
                s[j].kind == Kind::Ident
                    && s[j].text.len() == 4
                    && !(j >= 1 && is_word(&s[j - 1], &["rfc", "iso"]))
            })
            .filter_map(|j| s[j].text.parse().ok())
            .collect();
        let (lo, hi) = SLOT_WINDOW_YEARS;
        let other = !years.is_empty()
            && (years.iter().min() != Some(&lo) || years.iter().max() != Some(&hi));
        if let Some((_, t)) = any.filter(|_| years.is_empty()) {
            push(out, Rule::Directive, t, YEARS.to_owned());
        } else if other && let Some(t) = s.iter().find(|x| is_word(x, &["year", "years"])) {
            push(out, Rule::Directive, t, YEARS.to_owned());
        }
    }
}

const YEARS: &str =
    "the years of the slot search's window said otherwise: it takes the years 2000 to 2999";

/// UTC said to be the local time ("each start time is in UTC, the local time of each clinic",
/// "in UTC, also the local time", "the local time of its clinic, in UTC", "equal to the clinic's
/// local time"): the server gives each time in UTC and, where it knows the clinic's zone, in the
/// clinic's local time with its offset; the clinics are in different zones, so the agent told
/// they are one tells the patient a time hours off. The two in one sentence are one unless a
/// word sets them apart ("in UTC and in the local time of the clinic", "UTC, not the local
/// time").
pub(super) fn utc_said_local(s: &[Tok], out: &mut Vec<Violation>) {
    if let Some(t) = utc_said_of_a_party(s) {
        push(
            out,
            Rule::Directive,
            t,
            "UTC said to be the local time, a clinic's or a person's: the server gives each time in UTC and in the clinic's own local time, and the clinics are in different zones".to_owned(),
        );
        return;
    }
    let utc = |x: &Tok| is_word(x, &["utc"]);
    let local = |x: &Tok| is_word(x, &["local"]);
    // (UTC equated with the clinic's own time: "in UTC, the same hour as at the clinic", "in
    // UTC, which is the time zone of each clinic")
    if let Some(u) = s.iter().position(&utc) {
        let rest = &s[u + 1..];
        let end = rest
            .iter()
            .position(|y| {
                is_word(
                    y,
                    &[
                        "and", "or", "with", "plus", "not", "never", "no", "but", "than", "from",
                    ],
                ) || y.kind == Kind::Stop
            })
            .unwrap_or(rest.len());
        let part = &rest[..end];
        let equated = part
            .iter()
            .any(|y| is_word(y, &["same", "equal", "equals", "which", "identical"]));
        if let Some(c) = part
            .iter()
            .find(|y| is_word(y, &["clinic", "clinics", "zone"]))
            .filter(|_| equated)
        {
            push(
                out,
                Rule::Directive,
                c,
                "UTC said to be the local time: the server gives each time in UTC and in the clinic's own local time, and the clinics are in different zones".to_owned(),
            );
            return;
        }
    }
    let apart = |x: &Tok| {
        is_word(
            x,
            &[
                "and", "or", "with", "plus", "beside", "besides", "both", "not", "never", "no",
                "while", "but", "than", "from",
            ],
        ) || x.kind == Kind::Stop
    };
    for (a, x) in s.iter().enumerate() {
        if !utc(x) && !local(x) {
            continue;
        }
        let other = |y: &Tok| if utc(x) { local(y) } else { utc(y) };
        let Some(b) = s[a + 1..].iter().position(|y| other(y) || apart(y)) else {
            continue;
        };
        if other(&s[a + 1 + b]) {
            push(
                out,
                Rule::Directive,
                x,
                "UTC said to be the local time: the server gives each time in UTC and in the clinic's own local time, and the clinics are in different zones".to_owned(),
            );
            return;
        }
    }
}

/// Names of UTC.
const UTC: &[&str] = &["utc", "gmt", "zulu", "greenwich"];

/// People and a home whose own time a text may name (the places: `scope::CLINICS`).
const PARTIES: &[&str] = &[
    "home", "patient", "patients", "doctor", "doctors", "person", "persons", "people", "caller",
    "callers", "user", "users", "everyone",
];

/// Words of a time or a zone.
const TIME_WORDS: &[&str] = &[
    "time", "times", "zone", "zones", "timezone", "clock", "clocks", "hour", "hours", "day", "days",
];

/// Words that set two times apart ("in UTC and in the clinic's local time", "UTC, not the
/// clinic's time", "converted to the clinic's zone", "whatever the clinic's zone").
const SET_APART: &[&str] = &[
    "and",
    "or",
    "with",
    "plus",
    "beside",
    "besides",
    "both",
    "not",
    "never",
    "no",
    "none",
    "nor",
    "neither",
    "but",
    "while",
    "whereas",
    "than",
    "from",
    "unlike",
    "instead",
    "rather",
    "versus",
    "converted",
    "convert",
    "converts",
    "conversion",
    "offset",
    "offsets",
    "whatever",
    "whichever",
    "regardless",
    "apart",
    "separately",
    "alongside",
    "except",
    "other",
    "another",
    "different",
    "differs",
    "differ",
    "else",
    "either",
];

/// Words that say two things are one ("in UTC, as at the clinic", "which every clinic keeps").
const LINKS: &[&str] = &[
    "as",
    "like",
    "which",
    "same",
    "equal",
    "equals",
    "identical",
    "namely",
    "also",
    "too",
    "just",
    "matching",
    "matches",
    "match",
    "that",
    "what",
    "likewise",
    "alike",
];

/// UTC said to be the time of a clinic, a person or a place, in any order: a clinic or a person
/// said to be in, keep or run on UTC ("every clinic is in UTC", "the clinics all keep UTC",
/// "each clinic is in the zone of UTC"); UTC and a party's own time said with nothing between
/// but the words that join them ("UTC is the clinic's zone", "the clinic's clock reads UTC", "in
/// UTC, the patient's own time"); or UTC likened to a party's time or place ("in UTC, as at the
/// clinic", "in UTC, which every clinic keeps"). Two set apart ("in UTC and at the clinic", "UTC,
/// not the clinic's time") are two times.
fn utc_said_of_a_party(s: &[Tok]) -> Option<&Tok> {
    let party = |k: usize| {
        (is_word(&s[k], PARTIES) || is_word(&s[k], super::scope::CLINICS))
            // (a name of a thing of the party: "the clinic API", "the clinic's id")
            && !is_word_at(
                s,
                k + 1,
                &[
                    "api", "server", "route", "contract", "id", "ids", "name", "names",
                    "address", "data", "record", "records", "list", "lists", "token",
                ],
            )
    };
    // a party's own time: "local", "the clinic's (own) time", "the time zone of each clinic"
    let own_time = |k: usize| {
        is_word(&s[k], &["local"])
            || party(k)
                && (is_word_at(s, k + 1, TIME_WORDS)
                    || is_word_at(s, k + 1, &["own"]) && is_word_at(s, k + 2, TIME_WORDS))
            // (the party itself, not a thing of it: not "the time of the patient's visit")
            || party(k) && !s[k].possessive && {
                let mut j = k;
                while j >= 1 && is_word(&s[j - 1], DETERMINERS) {
                    j -= 1;
                }
                j >= 2 && is_word(&s[j - 1], &["of"]) && is_word(&s[j - 2], TIME_WORDS)
            }
    };
    // a party as a subject: not possessive, after nothing but its determiners at a clause's or
    // a phrase's start
    let subject = |k: usize| {
        if !party(k) || s[k].possessive {
            return false;
        }
        let mut j = k;
        while j >= 1 && (is_word(&s[j - 1], DETERMINERS) || is_word(&s[j - 1], &["own"])) {
            j -= 1;
        }
        j == 0
            || s[j - 1].kind != Kind::Word
            || is_word(
                &s[j - 1],
                &["and", "or", "but", "while", "where", "since", "so"],
            )
    };
    let denied_before = |k: usize| {
        let mut j = k;
        while j >= 1 && is_word(&s[j - 1], DETERMINERS) && !is_word(&s[j - 1], &["no"]) {
            j -= 1;
        }
        s[j.saturating_sub(2)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    };
    // the words that join a subject or a time to what it is: determiners, prepositions, verbs,
    // words of time and a few adverbs
    let glue = |x: &Tok| {
        x.kind == Kind::Comma
            || x.kind == Kind::Word
                && (is_word(x, DETERMINERS)
                    || is_word(x, PREPOSITIONS)
                    || is_word(x, TIME_WORDS)
                    || is_word(x, LINKS)
                    || is_word(
                        x,
                        &[
                            "is", "are", "be", "was", "were", "been", "being", "all", "always",
                            "still", "only", "own", "its", "their", "there", "here", "set", "kept",
                            "run", "runs", "reads", "read", "shows", "show", "says", "given",
                            "told", "said",
                        ],
                    )
                    || verb(&x.text).is_some())
    };
    let apart = |span: &[Tok]| {
        span.iter()
            .any(|x| x.kind == Kind::Stop || is_word(x, SET_APART))
    };
    for (u, x) in s.iter().enumerate() {
        if !is_word(x, UTC) {
            continue;
        }
        // before it: "every clinic is in UTC", "the clinic's zone is UTC"
        if let Some(p) = (0..u).rev().find(|&p| party(p) || own_time(p)) {
            let span = &s[p + 1..u];
            let joined = !apart(span) && span.iter().all(glue) && !denied_before(p);
            let by_subject = subject(p) && !span.iter().any(|y| y.kind == Kind::Comma);
            if joined && (own_time(p) || by_subject) {
                return Some(x);
            }
        }
        // after it: "UTC is the clinic's zone", "in UTC, as at the clinic"
        for p in u + 1..s.len() {
            if !(party(p) || own_time(p)) {
                continue;
            }
            let span = &s[u + 1..p];
            if apart(span) {
                break;
            }
            let linked = span.iter().any(|y| is_word(y, LINKS));
            if linked || own_time(p) && span.iter().all(glue) {
                return Some(x);
            }
        }
    }
    None
}

/// Words of a clock's reading or a zone: what differs between the clinics' zones.
const CLOCK_WORDS: &[&str] = &[
    "hour",
    "hours",
    "clock",
    "clocks",
    "offset",
    "offsets",
    "zone",
    "zones",
    "timezone",
    "timezones",
];

/// Words that say two readings are one.
const ONE_READING: &[&str] = &[
    "same",
    "identical",
    "equal",
    "equals",
    "unchanged",
    "alike",
    "shared",
    "share",
    "shares",
    "common",
    "single",
    "uniform",
    "matches",
    "match",
    "matching",
];

/// Whether the words of a phrase deny or set apart what they join.
fn denied_in(s: &[Tok]) -> bool {
    s.iter().enumerate().any(|(k, x)| {
        is_word(x, NEGATIONS)
            // ("no offset" is an offset of zero)
            || is_word(x, &["no"])
                && !is_word_at(s, k + 1, &["offset", "offsets", "difference", "shift"])
            || is_word(
                x,
                &[
                    "differ", "differs", "different", "unlike", "whereas", "own", "varies", "vary",
                    "several", "many",
                ],
            )
    })
}

/// The clinics said to keep UTC's reading or one reading among them, over the whole text and
/// any order: an offset of zero said of a clinic or its times ("the offset of each clinic is
/// zero", "each start time has an offset of zero at the clinic", "the clinics keep no offset"),
/// the clinics put in one city or zone ("each clinic is in London", "all clinics share one
/// zone", "every clinic keeps the same zone"), or a clock's reading at the clinic said the same
/// ("in UTC; at the clinic, the hour is the same", "the hour is the same at every clinic"). The
/// clinics are in several IANA zones: the server gives each time in UTC and in its clinic's
/// own local time with its offset, so the agent told the hour is one tells a patient a time
/// hours off. A text that sets the readings apart ("the offset is not zero", "each clinic has
/// its own zone", "the same instant in the clinic's local time") passes.
pub(super) fn clinics_said_one_zone(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    let clinic = |x: &Tok| is_word(x, &["clinic", "clinics", "local"]);
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        // the phrases of the clause: runs between commas and parentheses
        let phrases: Vec<&[Tok]> = s.split(|t| t.kind == Kind::Comma).collect();
        for (i, p) in phrases.iter().enumerate() {
            // (a phrase of the clinic, or one that goes on from it: "the clinics, each at offset
            // zero")
            let of_clinic = p.iter().any(clinic)
                || i >= 1
                    && phrases[i - 1].iter().any(clinic)
                    && !p.first().is_some_and(|x| is_word(x, SET_APART));
            if !of_clinic || denied_in(p) {
                continue;
            }
            // (a reading said one is the clinics' when the text names UTC or a local time, or
            // many clinics: not "with the oncall doctor of the clinic, at the same hour")
            let of_zones = toks.iter().enumerate().any(|(k, x)| {
                is_word(x, UTC)
                    || is_word(x, &["local", "clinics"])
                    || is_word(x, &["clinic"])
                        && k >= 1
                        && is_word(&toks[k - 1], &["each", "every", "all", "any"])
            });
            // an offset of zero, or none: "offset of zero", "zero offset", "no offset", "an
            // offset of 0 hours"
            let zero = |x: &Tok| {
                is_word(x, &["zero", "nil", "null", "nought", "none"])
                    || x.kind == Kind::Ident && x.text.trim_matches('0').is_empty()
            };
            let offset_zero = p.iter().enumerate().find(|&(k, x)| {
                is_word(x, &["offset", "offsets", "difference", "shift"])
                    // ("a value with no offset" is a value that gives none)
                    && (p[k.saturating_sub(2)..k].iter().any(&zero)
                        || k >= 1
                            && is_word(&p[k - 1], &["no"])
                            && !(k >= 2 && is_word(&p[k - 2], &["with"]))
                        || p[k + 1..].iter().any(zero))
            });
            // zero hours or minutes from UTC: "each clinic is 0 hours from UTC", "nought
            // minutes behind UTC"
            let zero_hours = p.windows(2).find(|w| {
                zero(&w[0])
                    && is_word(&w[1], &["hour", "hours", "minute", "minutes"])
                    && p.iter().any(|y| {
                        is_word(y, UTC) || is_word(y, &["from", "behind", "ahead", "apart", "off"])
                    })
            });
            if let Some(t) = offset_zero.map(|(_, t)| t).or(zero_hours.map(|w| &w[0])) {
                push(out, Rule::Directive, t, ZONES.to_owned());
                return;
            }
            // a clock's reading said one: "the hour is the same", "the same zone", "share one
            // zone" (not "the same instant in the clinic's local time")
            let one = p.iter().enumerate().find(|&(k, x)| {
                if !is_word(x, ONE_READING) && !is_word(x, &["one"]) {
                    return false;
                }
                // ("one" only of a zone many clinics share: "all clinics are in one zone", not
                // "each clinic has one zone")
                if is_word(x, &["one"])
                    && !s.iter().any(|y| {
                        is_word(y, &["all", "clinics", "share", "shares", "shared", "every"])
                    })
                {
                    return false;
                }
                let next = p[k + 1..]
                    .iter()
                    .find(|y| !is_word(y, &["local", "time", "own"]));
                match next.filter(|y| y.kind == Kind::Word && !is_word(y, PREPOSITIONS)) {
                    // attributive: "the same hour", "one zone"
                    Some(y) if !is_word(y, COPULAS) => {
                        is_word(y, CLOCK_WORDS)
                            || is_word(y, &["city", "place", "country", "region", "zone"])
                            || p[k + 1..].windows(2).next().is_some_and(|w| {
                                is_word(&w[0], &["local"]) && is_word(&w[1], &["time", "times"])
                            })
                    }
                    // predicative: "the hour is the same", "the local time is equal"
                    _ => p[..k].iter().enumerate().any(|(j, y)| {
                        is_word(y, CLOCK_WORDS)
                            || is_word(y, &["time", "times"])
                                && j >= 1
                                && is_word(&p[j - 1], &["local"])
                    }),
                }
            });
            // … or a clock's reading at the clinic said to be the one before ("in UTC, the hour
            // at the clinic too")
            let too = || {
                p.iter().any(|x| is_word(x, &["too", "also", "likewise"]))
                    && !p.iter().any(|x| is_word(x, SET_APART))
                    && s.iter().any(|x| is_word(x, UTC))
            };
            let one = one.or_else(|| {
                p.iter()
                    .enumerate()
                    .find(|&(_, x)| is_word(x, CLOCK_WORDS))
                    .filter(|_| too())
            });
            if let Some((_, t)) = one.filter(|_| of_zones) {
                push(out, Rule::Directive, t, ZONES.to_owned());
                return;
            }
            // every clinic put in one named place: "each clinic is in London", "all clinics keep
            // Berlin time" (not an example: "a zone such as Europe/London")
            let many = p.iter().enumerate().any(|(k, x)| {
                is_word(x, &["clinics"])
                    || is_word(x, &["clinic"])
                        && k >= 1
                        && is_word(&p[k - 1], &["each", "every", "all", "any"])
            });
            let example = s.iter().enumerate().any(|(k, x)| {
                is_word(x, &["example", "instance", "like", "eg", "such"])
                    || x.text == "e" && k >= 1 && s[k - 1].text == "g"
            });
            if many && !example {
                let named = p.iter().enumerate().find(|&(k, x)| {
                    let w = &text[x.start..x.end];
                    let proper = x.kind == Kind::Word
                        && w.starts_with(|c: char| c.is_ascii_uppercase())
                        && w.chars().skip(1).any(|c| c.is_ascii_lowercase())
                        && k >= 1;
                    proper
                        && (is_word(&p[k - 1], &["in", "at", "of", "on"])
                            || is_word(
                                &p[k - 1],
                                &[
                                    "keep", "keeps", "use", "uses", "follow", "follows", "observe",
                                ],
                            ))
                });
                if let Some((_, t)) = named {
                    push(out, Rule::Directive, t, ZONES.to_owned());
                    return;
                }
            }
        }
    }
}

const ZONES: &str = "the clinics said to share one time zone, or UTC's: they are in several zones, and the server gives each time in UTC and in its clinic's own local time with its offset";

/// The open slots the search counts said to be of a span of the calendar ("Open slots found in
/// the whole month", "the month's open slots, before the limit", "found per day"): it counts the
/// open slots of the window searched (from, to; 7 days by default), no month, day or year, so
/// the patient is told a month is nearly full from a week's count. An amount said with a number
/// is the window's default or cap ([`window_misstated`]); a span of the window ("each day of the
/// window") is the window's.
pub(super) fn count_over_another_span(s: &[Tok], out: &mut Vec<Violation>) {
    // (a count of the slots: "Open slots found …", "Number of open slots …", "how many slots")
    let counted = s.iter().enumerate().any(|(k, x)| {
        is_word(
            x,
            &[
                "total", "count", "counts", "counted", "number", "found", "matched",
            ],
        ) || x.text == "total_found"
            || is_word(x, &["many"]) && k >= 1 && is_word(&s[k - 1], &["how"])
    });
    let of_slots = s
        .iter()
        .any(|x| is_word(x, &["slot", "slots"]) || x.text == "total_found");
    if !counted || !of_slots {
        return;
    }
    const SPANS: &[&str] = &[
        "month",
        "months",
        "year",
        "years",
        "day",
        "days",
        "quarter",
        "season",
        "calendar",
        "monthly",
        "yearly",
        "daily",
        "fortnight",
        "weekend",
    ];
    let hit = s.iter().enumerate().find(|&(k, x)| {
        if !is_word(x, SPANS) && !is_word(x, &["week", "weekly"]) {
            return false;
        }
        // (a number before it is the window's amount; "of the window" is the window's)
        let mut j = k;
        while j >= 1
            && (is_word(&s[j - 1], DETERMINERS)
                || is_word(
                    &s[j - 1],
                    &[
                        "whole", "entire", "full", "current", "next", "coming", "calendar", "this",
                    ],
                ))
        {
            j -= 1;
        }
        let numbered =
            j >= 1 && s[j - 1].kind == Kind::Ident || s[j..k].iter().any(|y| y.kind == Kind::Ident);
        let of_window = is_word_at(s, k + 1, &["of", "in"])
            && s[k + 2..]
                .iter()
                .take(3)
                .any(|y| is_word(y, &["window", "search", "range", "span"]));
        // (a week in, over or within: the default window's length)
        let the_week = is_word(x, &["week"])
            && !s[j..k].iter().any(|y| {
                is_word(
                    y,
                    &[
                        "each", "every", "per", "whole", "entire", "full", "calendar",
                    ],
                )
            })
            && !(j >= 1 && is_word(&s[j - 1], &["per"]));
        let spanned = x.possessive
            || is_word(x, &["monthly", "yearly", "daily", "weekly"])
            || j >= 1
                && is_word(
                    &s[j - 1],
                    &[
                        "in",
                        "over",
                        "across",
                        "throughout",
                        "during",
                        "within",
                        "for",
                        "of",
                        "per",
                        "through",
                    ],
                )
            || j < k
                && is_word(
                    &s[j],
                    &["each", "every", "per", "whole", "entire", "all", "this"],
                );
        !numbered && !of_window && !the_week && spanned
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "what the slot search counts said to be of a span of the calendar: it counts the open slots of the window searched, 7 days by default".to_owned(),
        );
    }
}

/// The tools whose answers hold times of slots or appointments (a time served as UTC with the
/// clinic's local time and its offset beside it), read by the object of the tool's name.
pub(super) fn serves_times(tool: &str) -> bool {
    let last = tool.rsplit('_').next().unwrap_or(tool);
    matches!(
        last,
        "appointment" | "appointments" | "slot" | "slots" | "schedule" | "visit" | "visits"
    )
}

/// A time of a slot or an appointment said to be the clinic's own hour ("Start of the slot, the
/// hour at the clinic", "Times of the appointment, each the clinic's own hour"), or any served
/// time said to carry no offset ("with no offset", "without an offset", "its offset left out"):
/// the server gives each time in UTC, and beside it the clinic's local time with its offset; the
/// clinics are in several zones, so a time read as the clinic's, or with no offset, is hours off.
/// A sentence that names UTC, or the offset the local time carries, says which is which; an
/// input refused for want of an offset is the slot search's own error.
pub(super) fn served_time_said_clinic_hour(toks: &[Tok], s: &[Tok], out: &mut Vec<Violation>) {
    const TIME_HEADS: &[&str] = &[
        "start",
        "starts",
        "end",
        "ends",
        "time",
        "times",
        "instant",
        "instants",
        "hour",
        "hours",
        "begins",
        "date",
        "dates",
        "datetime",
        "timestamp",
    ];
    if !s.iter().any(|x| is_word(x, TIME_HEADS)) {
        return;
    }
    // (an input refused: "a time with no offset is refused")
    let refused = s.iter().any(|x| {
        is_word(
            x,
            &[
                "refused", "rejected", "error", "errors", "invalid", "fails", "fail", "accepted",
                "allowed", "names",
            ],
        ) || x.kind == Kind::Ident
            && ["invalid", "error", "argument"]
                .iter()
                .any(|w| x.text.to_ascii_lowercase().contains(w))
    });
    // a time said to carry no offset
    let denied = |k: usize| {
        s[k.saturating_sub(3)..k].iter().any(|y| {
            is_word(y, NEGATIONS)
                || is_word(
                    y,
                    &[
                        "no", "without", "lacks", "lacking", "lack", "minus", "sans", "nor",
                    ],
                )
        })
    };
    let dropped = |k: usize| {
        s[k + 1..(k + 4).min(s.len())].iter().any(|y| {
            is_word(
                y,
                &[
                    "omitted", "dropped", "removed", "stripped", "absent", "missing", "left",
                    "none", "free", "less",
                ],
            )
        })
    };
    // (a time with no offset itself denied: "in UTC, not a local time with no offset")
    let denied_twice = |k: usize| {
        s[..k]
            .iter()
            .rev()
            .take_while(|y| y.kind == Kind::Word)
            .filter(|y| is_word(y, NEGATIONS) || is_word(y, &["no", "without", "nor"]))
            .count()
            >= 2
    };
    if !refused
        && let Some(t) = s.iter().enumerate().find_map(|(k, x)| {
            (is_word(x, &["offset", "offsets"]) && (denied(k) || dropped(k)) && !denied_twice(k))
                .then_some(x)
        })
    {
        // (UTC itself said to have none, with no clinic beside it: "in UTC (no offset)")
        let phrase_utc = s.iter().any(|y| is_word(y, UTC) || is_word(y, &["z"]))
            && !s
                .iter()
                .any(|y| is_word(y, &["clinic", "clinics", "local"]));
        if !phrase_utc {
            push(
                out,
                Rule::Directive,
                t,
                "a served time said to carry no offset: the server gives each time in UTC and the clinic's local time with its offset".to_owned(),
            );
            return;
        }
    }
    // a time said to be the clinic's own hour, with neither UTC, the local time nor its offset
    // named in the text ("the same instant in the local time of the clinic, with offset; the
    // time of the visit at the clinic" is of the local time)
    let names_utc = toks
        .iter()
        .any(|y| is_word(y, UTC) || is_word(y, &["z", "local"]));
    let with_offset = toks.iter().enumerate().any(|(k, y)| {
        is_word(y, &["offset", "offsets"])
            && !toks[k.saturating_sub(3)..k].iter().any(|z| {
                is_word(z, NEGATIONS) || is_word(z, &["no", "without", "lacks", "lacking"])
            })
    });
    if names_utc || with_offset || refused {
        return;
    }
    if let Some(t) = clinic_hour(s) {
        push(
            out,
            Rule::Directive,
            t,
            "a served time said to be the clinic's own hour: the server gives each time in UTC, and the clinic's local time with its offset beside it".to_owned(),
        );
    }
}

/// Where a clause says a time is the clinic's own hour: the clinic's (own) hour, time or clock
/// ("the clinic's own hour"), or an hour or time at, of or in the clinic ("the hour at the
/// clinic", "the time in the doctor's clinic"); not after a denial, not the clinic's local time
/// or zone (which the server gives beside UTC), nor a thing of the clinic's ("the clinic API").
fn clinic_hour(s: &[Tok]) -> Option<&Tok> {
    const CLOCK: &[&str] = &["time", "times", "clock", "clocks", "hour", "hours"];
    let denied = |k: usize| {
        s[k.saturating_sub(4)..k]
            .iter()
            .any(|y| is_word(y, NEGATIONS) || is_word(y, &["no", "rather", "instead", "than"]))
    };
    s.iter().enumerate().find_map(|(k, x)| {
        if !is_word(x, &["clinic", "clinics"])
            || is_word_at(
                s,
                k + 1,
                &[
                    "api", "server", "route", "id", "ids", "name", "data", "record", "records",
                ],
            )
        {
            return None;
        }
        // the clinic's (own) hour
        let own = x.possessive
            && (is_word_at(s, k + 1, CLOCK)
                || is_word_at(s, k + 1, &["own"]) && is_word_at(s, k + 2, CLOCK));
        // an hour at, of or in the clinic
        let mut i = k;
        while i >= 1 && (is_word(&s[i - 1], DETERMINERS) || s[i - 1].possessive) {
            i -= 1;
        }
        let at = i >= 2
            && is_word(&s[i - 1], &["at", "of", "in"])
            && is_word(&s[i - 2], CLOCK)
            && !(i >= 3 && is_word(&s[i - 3], &["local"]))
            && !denied(i - 2);
        // the clinic's own, said alone after a time ("the time the patient is at the clinic")
        let at_alone = i >= 1
            && is_word(&s[i - 1], &["at"])
            && s[..i].iter().any(|y| is_word(y, CLOCK))
            && !s[..i].iter().any(|y| is_word(y, &["local"]));
        ((own || at || at_alone) && !denied(k)).then_some(x)
    })
}

/// The slot search's window's start or end said to be an event of a party ("Start of the window
/// searched, UTC: the time the clinic opens", "End of the window, when the doctor's day ends",
/// "the clinic's opening hour"): the window runs from the `from` given (or now) to the `to` given
/// (or 7 days on), whatever the clinic's or the doctor's hours, so the patient is told hours the
/// server does not know. The caller's own asking ("the time the patient asked for") is the
/// argument.
pub(super) fn window_bound_said_an_event(s: &[Tok], out: &mut Vec<Violation>) {
    if !s
        .iter()
        .any(|x| is_word(x, &["window", "search", "searched"]))
    {
        return;
    }
    const PARTIES: &[&str] = &[
        "clinic",
        "clinics",
        "doctor",
        "doctors",
        "office",
        "offices",
        "reception",
        "surgery",
        "practice",
        "staff",
        "shift",
        "day",
        "workday",
        "ward",
        "hospital",
        "desk",
    ];
    const EVENTS: &[&str] = &[
        "opening",
        "closing",
        "opens",
        "closes",
        "open",
        "close",
        "shift",
        "shifts",
        "workday",
        "rota",
        "business",
        "office",
        "working",
        "work",
        "starts",
        "ends",
        "begins",
        "finishes",
        "arrival",
        "arrives",
        "leaves",
        "departure",
    ];
    const ASKING: &[&str] = &[
        "asked",
        "asks",
        "ask",
        "gave",
        "gives",
        "give",
        "given",
        "chose",
        "chooses",
        "choose",
        "picked",
        "picks",
        "set",
        "sets",
        "passed",
        "passes",
        "wanted",
        "wants",
        "requested",
        "requests",
        "named",
        "names",
        "entered",
        "enters",
        "typed",
        "sent",
        "sends",
        "lists",
        "listed",
        "has",
        "have",
        "had",
        "is",
        "are",
        "was",
        "were",
        "may",
        "can",
        "might",
        "searched",
        "search",
        "searches",
    ];
    for (k, x) in s.iter().enumerate() {
        // (set apart: "not the time the clinic opens")
        if !is_word(x, PARTIES)
            || s[k.saturating_sub(5)..k]
                .iter()
                .any(|y| is_word(y, NEGATIONS))
        {
            continue;
        }
        let mut j = k + 1;
        while is_word_at(s, j, &["own", "whole", "first", "last", "usual", "normal"]) {
            j += 1;
        }
        let Some(next) = s.get(j).filter(|y| y.kind == Kind::Word) else {
            continue;
        };
        let event = is_word(next, EVENTS)
            || !is_word(next, ASKING)
                && !is_word(next, PREPOSITIONS)
                && !is_word(next, DETERMINERS)
                && !is_word(
                    next,
                    &[
                        "and", "or", "but", "local", "time", "times", "zone", "zones", "id", "ids",
                        "name", "names", "api",
                    ],
                )
                && verb(&next.text).is_some_and(|(_, _, f)| {
                    !matches!(
                        f,
                        crate::lang::words::Form::Participle | crate::lang::words::Form::Ing
                    )
                })
                && !x.possessive;
        if event {
            push(
                out,
                Rule::Directive,
                next,
                "the slot search's window said to start or end at an event of the clinic or the doctor: it runs from the `from` given (or now) to the `to` given (or 7 days on), whatever their hours".to_owned(),
            );
            return;
        }
    }
}
