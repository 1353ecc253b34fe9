//! How precise this server's times are: the clinic API's times (a slot's or an appointment's
//! start and end, when a thing was made) pass through unrounded as RFC 3339 instants, the slots
//! are 30 minutes long, and the window's `from` and `to` are read to the instant
//! (`clinic-mcp/src/tools/slots.rs`, `parse_instant`); a date alone is its midnight UTC. A time
//! said to be rounded, cut or given in whole hours or days sends the agent to the wrong slot or
//! makes it round a patient's time before a search.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that name a time of this server's answers or arguments: a start, an end, an instant,
/// a window's bound, a time written as RFC 3339 or in UTC.
const TIMES: &[&str] = &[
    "start",
    "starts",
    "started",
    "end",
    "ends",
    "ended",
    "time",
    "times",
    "instant",
    "instants",
    "created",
    "date",
    "dates",
    "window",
    "utc",
    "rfc",
    "offset",
    "start_time",
    "end_time",
    "starttime",
    "endtime",
    "created_at",
    "createdat",
];

/// Words that make a number of units a count or an amount, not a time: an intake's duration in
/// whole days, a number of days since an onset, a length, a severity.
const COUNTS: &[&str] = &[
    "duration",
    "durations",
    "duration_days",
    "length",
    "long",
    "lasts",
    "lasted",
    "number",
    "count",
    "integer",
    "many",
    "since",
    "age",
    "severity",
    "amount",
];

/// Verbs and adjectives of a time cut to a coarser unit or given only near its value ("rounded",
/// "trims", "approximate", "roughly"). Not "about": "about 20 slots" is a count.
const ROUNDING: &[&str] = &[
    "round",
    "rounds",
    "rounded",
    "rounding",
    "truncated",
    "truncate",
    "truncates",
    "truncating",
    "cut",
    "cuts",
    "cutting",
    "trim",
    "trims",
    "trimmed",
    "trimming",
    "floored",
    "snapped",
    "approximate",
    "approximated",
    "approximately",
    "rough",
    "roughly",
    "coarse",
    "coarsened",
];

/// Units a time is said to be cut to, coarser than the second that RFC 3339 instants keep.
const UNITS: &[&str] = &[
    "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "quarter", "quarters",
];

/// Words of a unit said whole ("whole hours", "the full hour", "the nearest hour").
const WHOLE: &[&str] = &[
    "whole", "full", "complete", "entire", "exact", "nearest", "closest",
];

/// The unit at `k` of `s`, past a "quarter" or "half" of it and a number ("the nearest 30
/// minutes", "the quarter hour"): the index of the unit.
fn unit_at(s: &[Tok], k: usize) -> Option<usize> {
    let mut k = k;
    if s.get(k)
        .is_some_and(|t| t.kind == Kind::Ident && t.text.bytes().all(|b| b.is_ascii_digit()))
    {
        k += 1;
    }
    if is_word_at(s, k, &["quarter", "half"]) && is_word_at(s, k + 1, UNITS) {
        k += 1;
    }
    is_word_at(s, k, UNITS).then_some(k)
}

/// Where a clause says a time is coarse, and the unit it says it in (the index of the phrase's
/// first word and of its unit, if it names one):
/// - a rounding verb ("rounded to the hour", "truncated", "cut to whole minutes");
/// - whole units ("in whole hours", "full days", "whole quarters"), not an amount ("24 full
///   hours", "a whole day");
/// - a unit the time is read or given "to" or is "on" ("to the hour", "to the nearest 30
///   minutes", "on the hour", "at the top of the hour"), not a time before or after it ("up to
///   the day before", "on the day of the visit");
/// - its small units left out ("without minutes", "without its seconds"), not a form taken
///   with or without them.
fn coarse_phrase(s: &[Tok]) -> Option<(usize, Option<usize>)> {
    for k in 0..s.len() {
        let t = &s[k];
        // (not the answer's flag named so: "when truncated is true")
        if is_word(t, ROUNDING) && !is_word_at(s, k + 1, &["is", "are", "true", "false"]) {
            let unit = (k + 1..(k + 7).min(s.len())).find(|&j| is_word(&s[j], UNITS));
            return Some((k, unit));
        }
        // "whole hours", "full minutes", not "24 full hours" nor "a whole day"
        if is_word(t, &["whole", "full", "complete", "entire"]) {
            let amount = k >= 1
                && (s[k - 1].kind == Kind::Ident
                    || is_word(
                        &s[k - 1],
                        &["a", "an", "one", "two", "three", "for", "within", "every"],
                    ));
            let plural = unit_at(s, k + 1).filter(|&u| s[u].text.ends_with('s'));
            if let (false, Some(u)) = (amount, plural) {
                return Some((k, Some(u)));
            }
        }
        // "to the hour", "to the nearest 30 minutes", "on the full hour", "at the top of the hour"
        if is_word(t, &["to", "on", "at"]) && is_word_at(s, k + 1, &["the"]) {
            let mut j = k + 2;
            if is_word(t, &["at"]) {
                if !(is_word_at(s, j, &["top"]) && is_word_at(s, j + 1, &["of"])) {
                    continue;
                }
                j += 2;
                if is_word_at(s, j, &["the"]) {
                    j += 1;
                }
            }
            while is_word_at(s, j, WHOLE) {
                j += 1;
            }
            let Some(u) = unit_at(s, j) else { continue };
            // (a day "on" is a day of the calendar: "on the day of the visit")
            let on_a_day = is_word(t, &["on"]) && is_word(&s[u], &["day", "days", "week", "weeks"]);
            let relative = is_word_at(
                s,
                u + 1,
                &[
                    "before", "after", "of", "when", "that", "it", "ahead", "later", "earlier",
                ],
            );
            let up_to = k >= 1 && is_word(&s[k - 1], &["up", "from", "back"]);
            if !on_a_day && !relative && !up_to {
                return Some((k, Some(u)));
            }
        }
        // "without minutes", "without its seconds", not "with or without seconds"
        if is_word(t, &["without"])
            && !(k >= 1 && is_word(&s[k - 1], &["or"]))
            && let Some(u) = (k + 1..(k + 3).min(s.len()))
                .find(|&j| is_word(&s[j], &["minutes", "seconds", "minute", "second"]))
        {
            return Some((k, Some(u)));
        }
    }
    None
}

/// What the first of the words `ws` that names a time or a count names, read from the phrase
/// outwards: `(true, word)` a time, `(false, word)` a count or an amount; `None` when none does.
fn what_is_said<'a>(ws: impl Iterator<Item = &'a Tok>) -> Option<(bool, &'a Tok)> {
    for x in ws {
        if is_word(x, COUNTS) {
            return Some((false, x));
        }
        // (a field's name is an identifier: "start_time", "created_at")
        let named = x.kind == Kind::Ident && TIMES.contains(&x.text.to_ascii_lowercase().as_str());
        if is_word(x, TIMES) || named || x.text == "3339" {
            return Some((true, x));
        }
    }
    None
}

/// A time of this server said to be rounded or coarse ("Start of the slot, in whole hours",
/// "`from`, read to the hour", "End of the slot, rounded to the day", "the instant, on the hour",
/// "without seconds"): its times are RFC 3339 instants passed through as the clinic API gives
/// them (its slots are 30 minutes long), and a window's bounds are read to the instant. The time
/// is the nearest named before the phrase in its clause, else after it, else the one the text
/// opens with; a count or an amount of time ("duration in whole days", "the number of whole days
/// since the onset", "severity, a whole number") is none, nor is a date said to be read to the
/// day, and a negated phrase ("not rounded") says the truth. Read on the tools of the API's
/// routes only: another catalogue's times are its own.
pub(super) fn time_said_coarse(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !crate::served::has_route(tool) {
        return;
    }
    let opening: Vec<&Tok> = toks
        .iter()
        .take_while(|t| !matches!(t.kind, Kind::Stop | Kind::Comma))
        .collect();
    for s in toks.split(|t| t.kind == Kind::Stop) {
        let Some((k, unit)) = coarse_phrase(s) else {
            continue;
        };
        // (negated in its own phrase: "not rounded", "never cut to the hour")
        let negated = s[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "unrounded"]));
        if negated {
            continue;
        }
        let said = what_is_said(s[..k].iter().rev())
            .or_else(|| what_is_said(s[k + 1..].iter()))
            .or_else(|| what_is_said(opening.iter().rev().copied()));
        let Some((true, head)) = said else {
            continue;
        };
        // (a date is its day: "a date, read to the day"; not when an instant is said with it)
        let date_to_its_day = is_word(head, &["date", "dates"])
            && unit.is_some_and(|u| is_word(&s[u], &["day", "days"]))
            && !s
                .iter()
                .any(|x| is_word(x, TIMES) && !is_word(x, &["date", "dates", "utc"]));
        if date_to_its_day {
            continue;
        }
        push(
            out,
            Rule::Directive,
            &s[k],
            "a time said to be rounded or coarse: the clinic API's times pass through unrounded as RFC 3339 instants (its slots are 30 minutes long), a window's `from` and `to` are read to the instant, and a date alone is its midnight UTC".to_owned(),
        );
        return;
    }
}
