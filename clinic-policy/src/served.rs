//! The server's own values, as it serves them: what its flags mean when true, its slot search's
//! window (its default and its cap, and the zone it reads and reports it in), the order of its
//! lists, what its totals count and whom its doctor lists hold. The contract's routes do not say
//! these; clinic-mcp does, and a test there holds this table to its code. A text that says one
//! the other way round makes the agent read an answer wrongly: a replayed booking as a new one,
//! a cut list as whole, a week's search as a month's.

use crate::lang::data::Data;
use crate::lang::words::*;
use crate::scales::said::{COUNTED_UNITS, NO_BOUND, Said, number, said};
use crate::types::{Rule, Violation};

/// A flag the server serves (a field of an answer or an argument), on the tools that serve it,
/// with the words its true case is said with and the words of its false case, and its default
/// when it is an argument.
#[derive(Debug)]
pub struct Flag {
    pub field: &'static str,
    pub tools: &'static [&'static str],
    pub default: Option<bool>,
    /// What its true case is, as a refusal says it.
    pub meaning: &'static str,
    yes: &'static [&'static str],
    no: &'static [&'static str],
    /// Words one of which a condition of its true case names: what the flag is about. A
    /// condition that names none says the flag of something else (empty: not read).
    about: &'static [&'static str],
}

/// The server's flags: `shared` is true for a protocol shared by every clinic (false for one of
/// the doctor's own clinic); `replayed` is true when a request with the same idempotency key was made
/// before (the answer is its appointment again); `truncated` when more slots matched than were
/// returned; `upcoming`, when true, keeps only appointments that start after now and are not
/// cancelled or rejected (default false).
pub const FLAGS: &[Flag] = &[
    Flag {
        field: "replayed",
        tools: &["book_appointment", "reschedule_appointment"],
        default: None,
        meaning: "a request with the same idempotency key was made before",
        yes: &[
            "before",
            "again",
            "earlier",
            "same",
            "previous",
            "previously",
            "replayed",
            "repeat",
            "repeated",
            "retry",
        ],
        // ("this request booked the slot": the present request made the change)
        no: &["new", "first", "fresh", "this"],
        // (of the request and its key, never of the patient's, the slot's or the doctor's past)
        about: &[
            "request",
            "requests",
            "call",
            "calls",
            "key",
            "keys",
            "idempotency",
            "idempotency_key",
            "idempotency-key",
            "retry",
            "retries",
            "retried",
            "replay",
            "replayed",
            "replays",
            "answer",
            "answered",
            "resent",
            "resend",
        ],
    },
    Flag {
        field: "truncated",
        tools: &["find_available_slots"],
        default: None,
        meaning: "more slots matched than were returned",
        yes: &[
            "more",
            "truncated",
            "cut",
            "beyond",
            "remain",
            "remaining",
            "left",
            "omitted",
        ],
        no: &[
            "all", "every", "each", "complete", "whole", "none", "nothing",
        ],
        // (of the slots matched against those returned, never of the window or of slots after it)
        about: &[
            "limit",
            "returned",
            "return",
            "returns",
            "listed",
            "list",
            "holds",
            "held",
            "shown",
            "given",
            "matched",
            "match",
            "found",
            "cut",
            "truncated",
            "omitted",
            "rest",
            "answer",
            "page",
        ],
    },
    Flag {
        field: "shared",
        tools: &["search_protocols"],
        default: None,
        meaning: "the protocol is shared by every clinic",
        yes: &["shared", "every", "all", "common", "any"],
        no: &["own", "only", "private", "local"],
        about: &[],
    },
    Flag {
        field: "upcoming",
        tools: &["list_my_appointments"],
        default: Some(false),
        meaning: "only appointments that start after now and are not cancelled or rejected are listed",
        yes: &["only", "after", "upcoming", "future", "ahead"],
        no: &[
            "too",
            "also",
            "all",
            "every",
            "each",
            "any",
            "past",
            "cancelled",
            "rejected",
        ],
        about: &[],
    },
];

/// The tool whose window of time the server searches: by default the 7 days after its start, at
/// most 62 days long, a bare date read as midnight UTC and the window reported in UTC.
pub const SLOT_SEARCH: &str = "find_available_slots";
pub const SLOT_WINDOW_DEFAULT_DAYS: u32 = 7;
pub const SLOT_WINDOW_CAP_DAYS: u32 = 62;

/// The lists the server gives in ascending order of id (the upstream's order, newest last).
pub const ORDERED_BY_ID: &[&str] = &[
    "list_my_appointments",
    "list_doctor_schedule",
    "list_doctors",
];

/// The lists the server gives sorted by name (it counts the doctors of each specialty itself:
/// the contract has no route of specialties).
pub const ORDERED_BY_NAME: &[&str] = &["list_specialties"];

/// What the server does itself on the clinic API's answers, by tool, with the verbs that say it:
/// `GET /doctors` ignores every query parameter, so the server narrows the doctors to a
/// specialty; the contract has no route of specialties, so the server lists and counts them
/// from the doctors; `GET /doctors/:id/slots` ignores query parameters, so the server applies
/// the window, the specialty and the limit; `GET /appointments/my` has no filter of time or
/// status, so the server keeps the upcoming appointments. A text that gives this work to the
/// clinic API invents a route or a filter of the API's.
pub const SERVER_WORK: &[(&str, &[&str])] = &[
    (
        "list_doctors",
        &[
            "narrows", "narrowed", "narrow", "filters", "filtered", "filter", "only", "matches",
            "matched",
        ],
    ),
    (
        "list_specialties",
        &[
            "narrows", "narrowed", "filters", "filtered", "lists", "listed", "list", "counts",
            "counted", "sorts", "sorted", "only", "groups", "them",
        ],
    ),
    (
        "find_available_slots",
        &[
            "narrows", "narrowed", "narrow", "filters", "filtered", "filter", "limits", "limited",
            "sorts", "applies", "searches", "counts", "counted",
        ],
    ),
    (
        "list_my_appointments",
        &["filters", "filtered", "narrows", "narrowed", "only"],
    ),
];

/// The words of the doctors, which `GET /doctors` lists.
const DOCTORS: &[&str] = &["doctor", "doctors"];

/// The protocol search: it reads each protocol's title and text, and ranks the matches by a
/// score of three for a match in the title and one for a match in the text, ties by id.
pub const PROTOCOL_SEARCH: &str = "search_protocols";

/// The tools whose answers hold every doctor of the clinic, narrowed by a specialty alone.
pub const EVERY_DOCTOR: &[&str] = &["list_doctors", "list_specialties"];

/// The tools that answer one page of appointments, whose `total` and `total_pages` count every
/// page.
pub const PAGED: &[&str] = &["list_my_appointments", "list_doctor_schedule"];

/// The searches that read every item of their window and keep the `limit` earliest (counting
/// them all in `total_found`): what they read is the whole, what they answer is capped.
pub const READS_WHOLE: &[&str] = &["find_available_slots"];

/// What a text says of the server's own values, against [`FLAGS`], the slot search's window and
/// zone, [`ORDERED_BY_ID`], [`EVERY_DOCTOR`] and [`PAGED`].
/// `lists_over_all_time`: the tool answers a list that no time argument narrows
/// ([`crate::facts::lists_over_all_time`]).
pub(super) fn served_misstated(
    text: &str,
    toks: &[Tok],
    tool: &str,
    lists_over_all_time: bool,
    out: &mut Vec<Violation>,
) {
    // (the sentences, split at `.`, `;`, `!`, `?` and line breaks; a colon joins a label to its
    // value: "Default: 7 days")
    args_misstated(text, toks, tool, out);
    let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
    for s in sentences.filter(|s| !s.is_empty()) {
        flag_inverted(s, tool, out);
        if tool == SLOT_SEARCH {
            window_misstated(text, s, out);
            window_said_local(s, out);
            count_beyond_window(s, out);
        }
        count_set_misnamed(s, tool, out);
        if ORDERED_BY_ID.contains(&tool) {
            order_by_id_reversed(s, out);
        }
        if ORDERED_BY_NAME.contains(&tool) {
            order_by_name_misstated(s, out);
        }
        if FIXED_ORDER.contains(&tool) {
            order_said_chosen(s, out);
        }
        if tool == PROTOCOL_SEARCH {
            ranking_misstated(s, out);
        }
        if EVERY_DOCTOR.contains(&tool) {
            doctors_narrowed(s, out);
        }
        if PAGED.contains(&tool) {
            total_of_a_page(s, paged_text(toks), out);
            if tool == "list_my_appointments" {
                total_past_upcoming(s, filtered_text(toks), out);
                if toks.iter().any(|x| is_word(x, &["true"])) {
                    upcoming_keeps_what_it_drops(s, out);
                }
            }
        }
        if tool == "list_my_appointments" {
            upcoming_status_misstated(s, out);
            apis_count_said_servers(s, out);
        }
        if tool == SLOT_SEARCH {
            // (a text of the window's end: "End of the window, …")
            let (_, head) = clause_at(toks, 0);
            let of_end = toks[..head].iter().any(|x| is_word(x, &["end", "until"]));
            window_edge_misstated(s, of_end, out);
            window_bounds_misread(s, of_end, out);
            exclusive_said_together(toks, s, tool, out);
            slot_count_of_the_answer(s, out);
        }
        if tool == "search_protocols" {
            excerpt_length_misstated(text, s, out);
        }
        if UNPAGED.contains(&tool) {
            whole_list_paged(text, s, out);
        }
        if PAGED.contains(&tool) || tool == SLOT_SEARCH || tool == PROTOCOL_SEARCH {
            capped_list_said_whole(text, s, tool, out);
            capped_list_said_complete(s, tool, out);
        }
        if PAGED.contains(&tool) {
            count_of_people(s, out);
        }
        if lists_over_all_time {
            span_narrowed(s, out);
        }
        if let Some((_, work)) = SERVER_WORK.iter().find(|(t, _)| *t == tool) {
            api_does_servers_work(s, tool, work, out);
        }
        server_does_apis_work(s, out);
        limit_said_per_other(text, s, tool, out);
        local_absence_misread(s, of_a_time(toks), out);
        id_form_misstated(toks, s, out);
        utc_example_said_local(text, s, out);
    }
}

/// The polarity of a condition said of a flag: +1 when it says the flag's true case, -1 its
/// false case, 0 when it says neither or both. A word of either side after a negation ("no
/// more", "not cancelled") says the other.
fn polarity(cond: &[Tok], flag: &Flag) -> i32 {
    let (mut yes, mut no) = (false, false);
    for (k, t) in cond.iter().enumerate() {
        // ("the only ones in the window": "the only" says the whole, where "only" is not a
        // word of the flag's true case)
        let the_only = is_word(t, &["only"])
            && k >= 1
            && is_word(&cond[k - 1], &["the"])
            && !flag.yes.contains(&"only");
        // ("this request", "this call" is the present one; "this answer" is not said of it)
        if is_word(t, &["this"]) && !is_word_at(cond, k + 1, &["request", "call"]) {
            continue;
        }
        let side = if is_word(t, flag.yes) && !the_only {
            true
        } else if is_word(t, flag.no) || the_only {
            false
        } else {
            continue;
        };
        let negated = cond[k.saturating_sub(3)..k]
            .iter()
            .rev()
            .take_while(|x| x.kind == Kind::Word)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "nothing"]));
        if side != negated {
            yes = true;
        } else {
            no = true;
        }
    }
    match (yes, no) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    }
}

/// Words that say an argument is not given: its value then is its default.
const ABSENT: &[&str] = &["absent", "omitted", "missing", "unset"];

/// A flag said the other way round: its true case said of false, or its false case of true
/// ("True when this answer is a new booking", "False when more slots matched than were
/// returned", "When true, the cancelled appointments too"), or its default as the other value.
/// The condition is read after "true when …" (or if, for, once), after "When true, …" and
/// after "If replayed is true, …", to the end of the sentence.
fn flag_inverted(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    for flag in FLAGS.iter().filter(|f| f.tools.contains(&tool)) {
        for (k, t) in s.iter().enumerate() {
            let value = match t.text.as_str() {
                "true" if t.kind == Kind::Word => true,
                "false" if t.kind == Kind::Word => false,
                _ => continue,
            };
            // "Default: true", "true by default", or the value of an absent argument: "When
            // absent, true", "Without it, true"
            let absent = k >= 2
                && matches!(s[k - 1].kind, Kind::Comma | Kind::Stop)
                && s[k.saturating_sub(4)..k - 1]
                    .iter()
                    .any(|x| is_word(x, ABSENT) || is_word(x, &["without"]));
            let default = k >= 1 && is_word(&s[k - 1], &["default"])
                || k >= 2 && s[k - 1].text == ":" && is_word(&s[k - 2], &["default"])
                || is_word_at(s, k + 1, &["by"]) && is_word_at(s, k + 2, &["default"])
                || absent;
            // "… unless set to false": the value named is the one that is not the default
            let unless = s[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, &["unless"]));
            let value = if unless && !default { !value } else { value };
            if default || unless {
                if flag.default.is_some_and(|d| d != value) {
                    push(
                        out,
                        Rule::Directive,
                        t,
                        format!(
                            "the server's flag `{}` said with another default: it is {}",
                            flag.field, !value
                        ),
                    );
                    return;
                }
                continue;
            }
            let cond: &[Tok] = if is_word_at(s, k + 1, &["when", "if", "for", "once", "where"]) {
                &s[k + 2..]
            } else if k >= 1 && is_word(&s[k - 1], &["when", "if"])
                // ("If replayed is true, …": the flag named in its own condition)
                || k >= 3
                    && is_word(&s[k - 1], &["is"])
                    && s[k - 2].text.eq_ignore_ascii_case(flag.field)
                    && is_word(&s[k - 3], &["when", "if", "once", "where"])
            {
                &s[k + 1..]
            } else {
                continue;
            };
            let p = polarity(cond, flag);
            if p != 0 && (p > 0) != value {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "the server's flag `{}` said the other way round: it is true when {}",
                        flag.field, flag.meaning
                    ),
                );
                return;
            }
            // (each condition of "…, or when …" is read alone)
            let conds = cond.split(|x| is_word(x, &["or"]));
            let mut parts = conds
                .enumerate()
                .filter(|(i, c)| *i == 0 || c.first().is_some_and(|x| is_word(x, &["when", "if"])));
            if value && parts.any(|(_, c)| about_else(c, flag)) {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "the server's flag `{}` said of something else: it is true when {}",
                        flag.field, flag.meaning
                    ),
                );
                return;
            }
        }
    }
}

/// Whether a condition of a flag's true case names nothing of what the flag is about
/// ([`Flag::about`]): "True when the patient has booked with this doctor before" of `replayed`,
/// "True when the window was made shorter" of `truncated`. On the slot search, whose answer
/// lists slots, a condition on one slot ("True when the slot is open", "True for an open slot")
/// is of a listed slot's
/// own field, not of the answer's flag.
fn about_else(cond: &[Tok], flag: &Flag) -> bool {
    let one_slot = flag.tools.contains(&SLOT_SEARCH)
        && cond.iter().skip(1).take(2).any(|x| is_word(x, &["slot"]))
        && cond.first().is_some_and(|x| is_word(x, DETERMINERS));
    !flag.about.is_empty()
        && !one_slot
        && cond.iter().any(|x| x.kind == Kind::Word)
        && !cond.iter().any(|x| {
            let w = x.text.trim_matches('`').to_ascii_lowercase();
            flag.about.contains(&w.as_str())
        })
}

/// Hours in one of a unit of time, and whether the unit is of uneven length (a month).
fn hours_of(unit: &Tok) -> Option<(u32, bool)> {
    Some(match unit.text.as_str() {
        "hour" | "hours" => (1, false),
        "day" | "days" => (24, false),
        "week" | "weeks" => (24 * 7, false),
        "month" | "months" => (24 * 30, true),
        "year" | "years" => (24 * 365, false),
        _ => return None,
    })
}

/// The slot search's window said with another default or cap than the server's ("Default: 30
/// days after from", "(default: the next 62 days)", "at most 14 days after from"). An amount of
/// time in a sentence of the window is its default when "default" or a word of an absent
/// argument comes before it with no other amount between ("Default: 7 days after from",
/// "default: the next week", "When absent, 30 days after from", "Without to, the next 30 days")
/// or "by default" after it; its cap when said as an upper end ("at most 62 days", "up to 62
/// days", "14 days at most"); and a bound either way when said as what lies past it ("slots
/// more than 14 days later than from are out of reach").
fn window_misstated(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
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
fn window_said_local(s: &[Tok], out: &mut Vec<Violation>) {
    if !s.iter().any(|x| {
        is_word(
            x,
            &[
                "window", "midnight", "search", "searched", "date", "dates", "day", "days",
            ],
        )
    }) || s.iter().any(|x| is_word(x, &["utc", "z"]))
    {
        return;
    }
    if let Some(t) = said_of_the_clinic(s) {
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
        let clinic_time = clinic(x)
            && (is_word_at(s, k + 1, &["time", "zone", "clock", "hours"])
                || is_word_at(s, k + 1, &["own"])
                    && is_word_at(s, k + 2, &["time", "zone", "clock", "hours"])
                || k >= 2 && is_word(&s[k - 1], &["the"]) && is_word(&s[k - 2], &["at"]));
        (is_word(x, &["local"]) || zone_in || clinic_time).then_some(x)
    })
}

/// A time served in UTC said to be the clinic's own, next to an example that ends in `Z` ("The
/// instant at the clinic, RFC 3339 (for example 2026-12-01T14:00:00Z)"): the server's `utc`
/// fields end in `Z`, and its local times carry the clinic's offset, so the agent tells the
/// patient a time hours off.
fn utc_example_said_local(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
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

/// A list the server gives by id, ascending (newest last), said to come the other way round
/// ("newest first", "latest first", "in descending order") or by another key ("sorted by
/// name", "alphabetically", "…, by start time", "in the order of their start times", "in date
/// order", "the next visit first": the time of the visit is a key the server does not sort by).
fn order_by_id_reversed(s: &[Tok], out: &mut Vec<Violation>) {
    // (the newest, or the nearest visit: the next one is not the one booked first)
    const LATE: &[&str] = &[
        "latest", "newest", "last", "recent", "youngest", "next", "earliest", "soonest", "nearest",
        "closest", "upcoming",
    ];
    let late_first = s.iter().enumerate().find(|&(k, t)| {
        is_word(t, LATE)
            && s[k + 1..]
                .iter()
                .take(3)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, &["first"]))
    });
    let reversed = s.iter().enumerate().find(|(_, t)| {
        is_word(
            t,
            &[
                "descending",
                "reverse",
                "reversed",
                "alphabetically",
                "alphabetical",
            ],
        )
    });
    // ("ordered by name": a key of its phrase other than the id, or the booking that gives
    // it; "sorted by doctor id" passes)
    let other_key = s.iter().enumerate().find_map(|(k, t)| {
        let mut key = s[k + 1..]
            .iter()
            .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident));
        (is_word(t, &["by"])
            && s[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, &["ordered", "sorted", "order", "sort"]))
            && !key.any(|x| matches!(x.text.as_str(), "id" | "ids" | "booking" | "creation")))
        .then(|| s.get(k + 1))
        .flatten()
    });
    // (a key said with no verb of order: "…, by start time", "in the order of their start
    // times"; not a specialty, which "by" also narrows by)
    const KEYS: &[&str] = &[
        "start", "starts", "date", "dates", "time", "times", "name", "names", "day", "visit",
        "visits",
    ];
    let key_after = |k: usize| {
        s[k + 1..]
            .iter()
            .find(|x| !is_word(x, &["the", "their", "its"]))
            .filter(|x| is_word(x, KEYS))
    };
    // ("by specialty and then by name": a second key is a key of order, whatever it is)
    let then_key = s.iter().enumerate().find_map(|(k, t)| {
        (is_word(t, &["by"])
            && k >= 1
            && is_word(&s[k - 1], &["then"])
            && !is_word_at(s, k + 1, &["id", "ids", "booking", "creation"]))
        .then(|| s.get(k + 1))
        .flatten()
    });
    let said_key = s.iter().enumerate().find_map(|(k, t)| {
        let by = is_word(t, &["by"]) && k >= 1 && s[k - 1].kind == Kind::Comma;
        let order_of = is_word(t, &["of"]) && k >= 1 && is_word(&s[k - 1], &["order"]);
        // ("in date order": the key before its order)
        let key_order = is_word(t, KEYS) && is_word_at(s, k + 1, &["order"]);
        if key_order {
            Some(t)
        } else if by || order_of {
            key_after(k)
        } else {
            None
        }
    });
    if let Some(t) = late_first
        .or(reversed)
        .map(|(_, t)| t)
        .or(other_key)
        .or(then_key)
        .or(said_key)
    {
        push(
            out,
            Rule::Directive,
            t,
            "an order the server does not give: its doctors and its pages of appointments come by id, newest last".to_owned(),
        );
    }
}

/// The lists whose order the contract or the server fixes: the doctors by id (`GET /doctors`),
/// the specialties by name and the slots earliest first (sorted by the server).
const FIXED_ORDER: &[&str] = &["list_doctors", "list_specialties", SLOT_SEARCH];

/// A list of a fixed order ([`FIXED_ORDER`]) said to come in an order someone chooses or in
/// any order ("in the order the clinic API selects them", "in no particular order", "in any
/// order"): the agent takes the first for a chance one, or sorts again what is sorted.
fn order_said_chosen(s: &[Tok], out: &mut Vec<Violation>) {
    const CHOSEN: &[&str] = &[
        "selects", "select", "selected", "chooses", "choose", "chosen", "picks", "picked",
        "decides", "decided", "prefers", "wants", "likes",
    ];
    const LOOSE: &[&str] = &[
        "any",
        "random",
        "arbitrary",
        "unspecified",
        "undefined",
        "unknown",
        "particular",
        "changing",
        "varying",
    ];
    let hit = s.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, &["order", "orders"]) {
            return None;
        }
        // ("in any order", "in no particular order"; not "not in any order but by name")
        let loose = s[k.saturating_sub(2)..k]
            .iter()
            .find(|x| is_word(x, LOOSE))
            .filter(|_| !s[..k].iter().any(|x| is_word(x, NEGATIONS)));
        // ("the order the clinic API selects them": a verb of choice in its relative clause;
        // not "not in an order the clinic API selects", nor a person choosing from the list)
        let chosen = s[k + 1..]
            .iter()
            .take(6)
            .take_while(|x| x.kind == Kind::Word && !is_word(x, &["for", "to"]))
            .find(|x| is_word(x, CHOSEN))
            .filter(|_| !s[..k].iter().any(|x| is_word(x, NEGATIONS)));
        loose.or(chosen)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a fixed order said to be chosen or any: the doctors come by id, the specialties by name and the slots earliest first".to_owned(),
        );
    }
}

/// A list the server gives sorted by name said to come in another order ("sorted by their number
/// of doctors", "the largest first", "most doctors first", "by size", "in descending order"):
/// the agent reads the first specialty as the largest or the most wanted.
fn order_by_name_misstated(s: &[Tok], out: &mut Vec<Violation>) {
    const NAME_KEYS: &[&str] = &[
        "name",
        "names",
        "alphabet",
        "alphabetically",
        "alphabetical",
        "letter",
        "letters",
    ];
    // ("the largest first", "most doctors first": a rank of some measure, put first or last)
    const RANKS: &[&str] = &[
        "largest", "biggest", "smallest", "most", "fewest", "least", "greatest", "highest",
        "lowest", "busiest", "popular", "common", "newest", "latest", "oldest", "recent",
    ];
    let ranked = s.iter().enumerate().find(|&(k, t)| {
        is_word(t, RANKS)
            && s[k + 1..]
                .iter()
                .take(3)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, &["first", "last"]))
            || is_word(t, &["descending", "reverse", "reversed"])
    });
    // ("sorted by their number of doctors", "ordered by size", "then by count"): a key of its
    // phrase that is not the name
    let other_key = s.iter().enumerate().find_map(|(k, t)| {
        let ordered = s[k.saturating_sub(2)..k]
            .iter()
            .any(|x| is_word(x, &["ordered", "sorted", "order", "sort", "ranked", "then"]));
        let key = s[k + 1..]
            .iter()
            .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
            .find(|x| !is_word(x, &["the", "their", "its", "each", "specialty"]))?;
        // ("in order of their number of doctors": the key after "order of")
        let order_of = is_word(t, &["of"]) && k >= 1 && is_word(&s[k - 1], &["order"]);
        ((is_word(t, &["by"]) && ordered || order_of) && !is_word(key, NAME_KEYS)).then_some(key)
    });
    if let Some(t) = ranked.map(|(_, t)| t).or(other_key) {
        push(
            out,
            Rule::Directive,
            t,
            "an order the server does not give: its specialties come sorted by name".to_owned(),
        );
    }
}

/// The clinic API said to do the work the server does itself ([`SERVER_WORK`]): "as the clinic
/// API narrows them", "narrowed to one specialty by the clinic API", "the clinic API gives only
/// appointments that start after now", "as the clinic API lists them" and "the clinic API's
/// list of specialties" of the specialties. The API is the work's agent when its verb follows
/// it ("the API narrows", "the API gives only"), when "by the … API" follows the verb, or when
/// its list is named as a list of its own ("the API's list", "the clinic's specialty list").
/// The agent sends a filter the API ignores, or looks for a route it has not.
fn api_does_servers_work(s: &[Tok], tool: &str, work: &[&str], out: &mut Vec<Violation>) {
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
fn server_does_apis_work(s: &[Tok], out: &mut Vec<Violation>) {
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
fn apis_count_said_servers(s: &[Tok], out: &mut Vec<Violation>) {
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
fn span_narrowed(s: &[Tok], out: &mut Vec<Violation>) {
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

/// Words that name a protocol's title, and its text.
const TITLE_WORDS: &[&str] = &["title", "titles", "heading", "headings"];
const BODY_WORDS: &[&str] = &[
    "text", "texts", "body", "bodies", "content", "contents", "excerpt", "excerpts",
];
/// Words of a match's weight said greater, and said smaller, than another's.
const HEAVIER: &[&str] = &[
    "times",
    "more",
    "higher",
    "heavier",
    "greater",
    "outweigh",
    "outweighs",
    "outrank",
    "outranks",
    "above",
    "triple",
    "thrice",
    "double",
    "twice",
    "over",
];
const LIGHTER: &[&str] = &[
    "less", "lower", "lighter", "below", "fewer", "third", "half",
];
/// Words of a search that reads, or leaves out, a part of a protocol.
const SEARCHED: &[&str] = &[
    "searched",
    "search",
    "searches",
    "matched",
    "match",
    "matches",
    "read",
    "reads",
    "count",
    "counts",
    "counted",
    "looked",
    "scanned",
    "scans",
    "considered",
];
const LEFT_OUT: &[&str] = &[
    "ignored", "ignores", "skipped", "skips", "excluded", "excludes",
];
/// Keys a protocol list is said sorted by that are not its relevance.
const PROTOCOL_KEYS: &[&str] = &[
    "id", "ids", "date", "dates", "review", "reviews", "reviewed", "age", "name", "names",
    "alphabet", "clinic", "clinics", "number", "numbers", "shared", "own", "local", "common",
];
/// Words of the relevance a protocol list is ranked by.
const RELEVANCE: &[&str] = &[
    "relevance",
    "relevant",
    "score",
    "scores",
    "match",
    "matches",
    "best",
    "closest",
    "highest",
    "strongest",
    "top",
    "weight",
    "weights",
    "matching",
];

/// The protocol search said to read, weigh or order otherwise than the server: its matches
/// said weighed the other way round ("a match in the text weighs three times a match in the
/// title", "the title weighs less than the text"), a part of a protocol said left out of the
/// search ("the titles are not searched", "searches the text only"), or its matches said
/// ordered by another key than their relevance ("in the order of their ids", "the shared ones
/// first", "sorted by review date"). The agent then offers a weaker protocol as the best or
/// looks for one the search does not find. A weight is read as the part of a protocol before
/// the word of weight (the heavier one, or the lighter after "less") against the part after it.
fn ranking_misstated(s: &[Tok], out: &mut Vec<Violation>) {
    let part = |t: &Tok| {
        if is_word(t, TITLE_WORDS) {
            Some(true)
        } else if is_word(t, BODY_WORDS) {
            Some(false)
        } else {
            None
        }
    };
    let mut hit: Option<(&Tok, &str)> = None;
    // (the weight: the part said before the word of weight is compared to the part after it)
    for (k, t) in s.iter().enumerate() {
        let heavier = is_word(t, HEAVIER);
        if !heavier && !is_word(t, LIGHTER) {
            continue;
        }
        let before = s[..k].iter().rev().find_map(part);
        let after = s[k + 1..].iter().find_map(part);
        let (Some(before), Some(after)) = (before, after) else {
            continue;
        };
        if before == after {
            continue;
        }
        // ("weighs no more than", "not three times")
        let negated = denied(s, k);
        let title_heavier = before == (heavier != negated);
        if !title_heavier {
            hit = Some((
                t,
                "a match in the title weighs three times a match in the text",
            ));
        }
        break;
    }
    // (a part of a protocol said left out: "the titles are not searched", "titles are
    // ignored", "searches the text only", "the title alone is matched")
    if hit.is_none()
        && s.iter()
            .any(|x| is_word(x, SEARCHED) || is_word(x, LEFT_OUT))
    {
        let both =
            s.iter().any(|x| part(x) == Some(true)) && s.iter().any(|x| part(x) == Some(false));
        for (k, t) in s.iter().enumerate() {
            if part(t).is_none() {
                continue;
            }
            let (start, end) = clause_at(s, k);
            let clause = &s[start..end];
            let j = k - start;
            let left_out = clause.iter().enumerate().any(|(i, x)| {
                is_word(x, LEFT_OUT) && !denied(clause, i)
                    || i > j && is_word(x, SEARCHED) && denied(clause, i)
            });
            let alone = !both
                && clause[j.saturating_sub(2)..(j + 3).min(clause.len())]
                    .iter()
                    .any(|x| is_word(x, &["only", "alone", "solely", "just"]))
                && clause.iter().any(|x| is_word(x, SEARCHED));
            if left_out || alone {
                hit = Some((t, "the search reads each protocol's title and its text"));
                break;
            }
        }
    }
    // (another key: "in the order of their ids", "sorted by date", "the shared ones first",
    // "oldest first"; "the best match first", "ranked by relevance" pass)
    if hit.is_none() {
        for (k, t) in s.iter().enumerate() {
            let key_of = |from: usize| {
                s[from..]
                    .iter()
                    .take(4)
                    .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
                    .find(|x| is_word(x, PROTOCOL_KEYS) || is_word(x, RELEVANCE))
                    .filter(|x| !is_word(x, RELEVANCE))
            };
            let ordered = is_word(t, &["by"])
                && k >= 1
                && (is_word(
                    &s[k - 1],
                    &["ordered", "sorted", "ranked", "order", "listed"],
                ) || s[k - 1].kind == Kind::Comma)
                || is_word(t, &["of"]) && k >= 1 && is_word(&s[k - 1], &["order"]);
            let key = if ordered {
                key_of(k + 1)
            } else if is_word(t, &["first"]) && k >= 1 {
                let before = &s[k.saturating_sub(4)..k];
                let near: Vec<&Tok> = before
                    .iter()
                    .rev()
                    .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
                    .collect();
                (!near.iter().any(|x| is_word(x, RELEVANCE)))
                    .then(|| {
                        near.into_iter().find(|x| {
                            is_word(x, PROTOCOL_KEYS)
                                || is_word(x, &["oldest", "newest", "latest", "earliest", "recent"])
                        })
                    })
                    .flatten()
            } else {
                None
            };
            if let Some(x) = key {
                hit = Some((x, "the matches come ranked by relevance, ties by id"));
                break;
            }
        }
    }
    if hit.is_none() {
        hit = ranking_factor_wrong(s).map(|t| {
            (
                t,
                "a match in the title weighs three times a match in the text",
            )
        });
    }
    if let Some((t, fact)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            format!("the protocol search said otherwise: {fact}"),
        );
    }
}

/// The size of the title's weight over the text's said other than three, in any shape: a
/// number of times ("ten times", "2 times"), a word ("twice", "double", "half"), an equal
/// ("as much as", "the same as", "equally") or a percentage ("50%"). Read where a part of a
/// protocol is named before the size and the other part after it; a denied size ("not ten
/// times") states nothing.
fn ranking_factor_wrong(s: &[Tok]) -> Option<&Tok> {
    const THREE: &[&str] = &["three", "3", "thrice", "triple", "300"];
    let part = |t: &Tok| is_word(t, TITLE_WORDS) || is_word(t, BODY_WORDS);
    let count = |t: &Tok| {
        is_word(t, crate::lang::predicates::NUMBER_WORDS)
            || t.kind == Kind::Ident && t.text.bytes().all(|b| b.is_ascii_digit())
    };
    for (k, t) in s.iter().enumerate() {
        let prev = |b: usize, w: &[&str]| k >= b && is_word(&s[k - b], w);
        let size = if is_word(t, &["times", "percent"]) || t.text == "%" {
            // the number before it, or none ("many times")
            Some(k >= 1 && count(&s[k - 1]) && THREE.contains(&s[k - 1].text.as_str()))
        } else if is_word(
            t,
            &[
                "twice", "double", "half", "thrice", "triple", "equally", "equal",
            ],
        ) {
            Some(is_word(t, THREE))
        } else if is_word(t, &["much", "heavy", "same"]) {
            // "as much as", "as heavy as", "the same as"; "three times as much as" is the
            // number's own
            let equal = (prev(1, &["as"]) || prev(1, &["the"]))
                && is_word_at(s, k + 1, &["as"])
                && !s[k.saturating_sub(4)..k]
                    .iter()
                    .any(|x| is_word(x, &["times"]));
            equal.then_some(false)
        } else {
            None
        };
        let Some(right) = size else { continue };
        if right || denied(s, k) {
            continue;
        }
        // (within the sentence: a percent sign ends no clause)
        let stop = |x: &Tok| x.kind == Kind::Stop;
        let start = s[..k].iter().rposition(stop).map_or(0, |j| j + 1);
        let end = s[k + 1..]
            .iter()
            .position(stop)
            .map_or(s.len(), |j| k + 1 + j);
        if s[start..k].iter().any(part) && s[k + 1..end].iter().any(part) {
            return Some(t);
        }
    }
    None
}

/// Whom the doctor lists hold said narrowed by what the server does not read ("The doctors
/// with open slots", "How many doctors of the clinic have open slots", "doctors … who take new
/// patients", "the doctors available today"): the list holds every doctor (of a specialty, when
/// one is given), and the specialties count every doctor, so a doctor left out is never offered.
/// A doctor noun is read with what qualifies it (after "of the clinic"): a relative or "with"
/// phrase, or a verb of having, up to the end of its phrase, or an adjective of availability
/// with a time; "with or without" and "whether" name no narrowing.
fn doctors_narrowed(s: &[Tok], out: &mut Vec<Violation>) {
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

/// What a page's totals count said to be of the page alone ("the total is of this page",
/// "Number of pages, or 0 when the patient has more than 100 appointments"), or to be one
/// number with no case ("total_pages is 1", "Number of pages, at most 1"): `total` counts the
/// appointments of every page and `total_pages` the pages, so the agent stops at the first.
fn total_of_a_page(s: &[Tok], of_pages: bool, out: &mut Vec<Violation>) {
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
fn upcoming_keeps_what_it_drops(s: &[Tok], out: &mut Vec<Violation>) {
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
fn filtered_text(toks: &[Tok]) -> bool {
    toks.iter()
        .any(|x| is_word(x, &["upcoming", "true"]) || x.text == "upcoming")
}

/// Whether a text speaks of the pages: then a count said in it may be the number of pages
/// ("Number of pages; 1 when …").
fn paged_text(toks: &[Tok]) -> bool {
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
fn total_past_upcoming(s: &[Tok], filtered: bool, out: &mut Vec<Violation>) {
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
fn local_absence_misread(s: &[Tok], of_time: bool, out: &mut Vec<Violation>) {
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
fn of_a_time(toks: &[Tok]) -> bool {
    let (_, head) = clause_at(toks, 0);
    let head = &toks[..head];
    let local_time = (0..head.len())
        .any(|j| is_word(&head[j], &["local"]) && is_word_at(head, j + 1, &["time", "times"]));
    local_time
        || head.iter().any(|x| is_word(x, &["zone"]))
        || (head.iter().any(|x| is_word(x, &["start", "end"]))
            && head.iter().any(|x| is_word(x, &["appointment", "visit"])))
}

/// What the slot search counts said to reach past its window ("Open slots of the doctor in
/// all, with no window", "Number of open slots, whatever the window"): `total_found` counts the
/// open slots in the window before the limit, so the agent tells a patient a doctor has no
/// other slot when a wider window has some.
fn count_beyond_window(s: &[Tok], out: &mut Vec<Violation>) {
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

/// The set a served count or flag is of. `window`: it counts what was found in the window the
/// caller gave (from, to; 7 days by default), no other span of days. `doctors`: of the doctors
/// searched, which are every doctor only when neither doctor_id nor specialty is given.
/// `specialty`: of the doctors listed, which are of every specialty only when no specialty is
/// given.
struct CountSet {
    tool: &'static str,
    window: bool,
    doctors: bool,
    specialty: bool,
}

/// The served counts and flags of a count (`clinic-mcp/src/tools/slots.rs`: `total_found` and
/// `truncated`; `doctors.rs`: `count`, the doctors listed).
const COUNT_SETS: &[CountSet] = &[
    CountSet {
        tool: SLOT_SEARCH,
        window: true,
        doctors: true,
        specialty: false,
    },
    CountSet {
        tool: "list_doctors",
        window: false,
        doctors: false,
        specialty: true,
    },
];

/// A served count glossed as the count of another set ("Open slots of the doctor in the next 62
/// days", "and in the next window too", "over every doctor of the clinic", "How many doctors are
/// listed, or of every specialty when specialty is given"): the agent reads a count of one window
/// or of the doctors searched as one of a span or of doctors the call did not search. Read, in a
/// sentence of a count ("number", "count", "total", "how many", "found", "matched", "before the
/// limit", "true when"): a span of days after "next" (not a default), a next or later window,
/// and every doctor or every specialty said with no word of an argument left out.
fn count_set_misnamed(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
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

/// What an argument the server takes is: the form of its value, which the schema holds it to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// An id of the upstream: a positive integer.
    Id,
    /// A number of the server's paging: a page or a count to return.
    Count,
    /// An idempotency key: letters, digits and `. _ : -`.
    Key,
    /// Words to match: a search, a specialty's name.
    Words,
    /// What a person writes: symptoms, a reason, a note (their bounds are read in `bounds`).
    Written,
    /// A number a person gives: days, a severity (their bounds are read in `bounds`).
    Number,
    /// An instant or a date of the slot search's window.
    Instant,
}

/// One argument of one tool as the server's schema serves it: whether it is required, its
/// default when absent, the bounds of its number or of its length in characters (`None` for an
/// id, whose schema holds it to 1 and up, and for an instant), whether its words are matched in
/// any case, and the words a text names it by.
#[derive(Debug)]
pub struct Arg {
    pub tool: &'static str,
    pub name: &'static str,
    pub form: Form,
    pub required: bool,
    pub default: Option<u32>,
    pub bounds: Option<(u32, u32)>,
    pub any_case: bool,
    words: &'static [&'static str],
}

const fn arg(
    tool: &'static str,
    name: &'static str,
    form: Form,
    required: bool,
    default: Option<u32>,
    bounds: Option<(u32, u32)>,
    words: &'static [&'static str],
) -> Arg {
    Arg {
        tool,
        name,
        form,
        required,
        default,
        bounds,
        any_case: false,
        words,
    }
}

/// (a page's number; "pages" counts them, which is an answer's, not the argument)
const PAGE_WORDS: &[&str] = &["page"];
const LIMIT_WORDS: &[&str] = &["limit"];
const KEY_WORDS: &[&str] = &["key", "keys", "idempotency", "idempotency_key"];
const APPOINTMENT_WORDS: &[&str] = &["appointment_id", "appointment", "id"];
const SPECIALTY_WORDS: &[&str] = &["specialty", "specialties"];

/// Every argument of the server's tools but its flags (in [`FLAGS`]): a list's page from 1 (by
/// default) to 10000 and its size from 1 to 100 (20 by default), a protocol search's words of 2
/// to 200 characters and its count from 1 to 20 (5 by default), the slot search's count from 1
/// to 100 (20 by default) and its window's ends (from now by default; [`SLOT_SEARCH`] holds the
/// rest), a specialty's name of 1 to 64 characters matched exactly in any case, a key of 8 to
/// 128 characters, ids, and what a person writes. The note of an escalation is required; the
/// reason of a rejection is not.
#[rustfmt::skip]
pub const ARGS: &[Arg] = &[
    arg("list_my_appointments", "page", Form::Count, false, Some(1), Some((1, 10000)), PAGE_WORDS),
    arg("list_my_appointments", "limit", Form::Count, false, Some(20), Some((1, 100)), LIMIT_WORDS),
    arg("list_doctor_schedule", "page", Form::Count, false, Some(1), Some((1, 10000)), PAGE_WORDS),
    arg("list_doctor_schedule", "limit", Form::Count, false, Some(20), Some((1, 100)), LIMIT_WORDS),
    arg("search_protocols", "query", Form::Words, true, None, Some((2, 200)), &["query", "q", "words", "search", "terms"]),
    arg("search_protocols", "limit", Form::Count, false, Some(5), Some((1, 20)), &["limit", "most"]),
    Arg { any_case: true, ..arg("list_doctors", "specialty", Form::Words, false, None, Some((1, 64)), SPECIALTY_WORDS) },
    arg("find_available_slots", "doctor_id", Form::Id, false, None, None, &["doctor_id", "doctor", "id"]),
    Arg { any_case: true, ..arg("find_available_slots", "specialty", Form::Words, false, None, Some((1, 64)), SPECIALTY_WORDS) },
    arg("find_available_slots", "from", Form::Instant, false, None, None, &["from", "start"]),
    arg("find_available_slots", "to", Form::Instant, false, None, None, &["end", "until"]),
    arg("find_available_slots", "limit", Form::Count, false, Some(20), Some((1, 100)), &["limit", "most"]),
    arg("book_appointment", "slot_id", Form::Id, true, None, None, &["slot_id", "slot", "id"]),
    arg("book_appointment", "idempotency_key", Form::Key, true, None, Some((8, 128)), KEY_WORDS),
    arg("reschedule_appointment", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("reschedule_appointment", "slot_id", Form::Id, true, None, None, &["slot_id", "slot"]),
    arg("reschedule_appointment", "idempotency_key", Form::Key, true, None, Some((8, 128)), KEY_WORDS),
    arg("cancel_appointment", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("get_appointment", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("confirm_appointment", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("reject_appointment", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("reject_appointment", "reason", Form::Written, false, None, Some((1, 200)), &["reason", "rejection"]),
    arg("record_intake", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("record_intake", "symptoms", Form::Written, true, None, Some((1, 1000)), &["symptoms", "symptom"]),
    arg("record_intake", "duration_days", Form::Number, true, None, Some((0, 3650)), &["duration_days", "days", "duration", "lasted"]),
    arg("record_intake", "severity", Form::Number, true, None, Some((0, 10)), &["severity", "severe"]),
    arg("escalate_to_oncall", "appointment_id", Form::Id, true, None, None, APPOINTMENT_WORDS),
    arg("escalate_to_oncall", "note", Form::Written, true, None, Some((1, 500)), &["note", "reason", "why"]),
];

/// The slot search's start by default: the time of the call; a start said later than it.
const NOW: &[&str] = &["now", "current", "present", "moment", "immediately"];
const LATER: &[&str] = &["tomorrow", "midnight", "week", "month", "noon", "morning"];

/// Words that say a count or a page other than a number: every one, the last, the next.
const OTHER_AMOUNT: &[&str] = &[
    "every",
    "all",
    "each",
    "last",
    "next",
    "whole",
    "unlimited",
    "none",
    "latest",
    "newest",
    "final",
];

/// Words before "page" that make it the size of a page ("per page", "to a page"), not its number.
const A_PAGE: &[&str] = &["per", "a", "each", "every", "one"];

/// Whether the token at `j` names the argument: its name as written in the schema, or a word of
/// it; "page" names the page's number, and "per page", "to a page" and "page size" the limit.
fn names(s: &[Tok], j: usize, a: &Arg) -> bool {
    let t = &s[j];
    let sized = is_word(t, PAGE_WORDS)
        && (j >= 1 && is_word(&s[j - 1], A_PAGE)
            || is_word_at(s, j + 1, &["size", "sizes"])
            || s[j.saturating_sub(3)..j]
                .iter()
                .any(|x| is_word(x, &["size"])));
    match a.name {
        "page" => is_word(t, PAGE_WORDS) && !sized,
        "limit" if a.words == LIMIT_WORDS => is_word(t, LIMIT_WORDS) || sized,
        _ => t.text == a.name || is_word(t, a.words),
    }
}

/// The kinds of a person's data a served tool's arguments carry: the intake its symptoms, their
/// duration and severity (medical data), no other tool any (a booking, a move, a cancellation
/// and a confirmation send ids; a rejection's reason and an escalation's note are the doctor's
/// words). `None`: not a tool of this server, read by the kind-of-tool table instead.
pub(crate) fn data_carried(tool: &str) -> Option<&'static [Data]> {
    role_of(tool)?;
    Some(if tool == "record_intake" {
        &[Data::Medical]
    } else {
        &[]
    })
}

/// Does a served tool take an argument that `word` (a word of a name or of a description, in
/// any case) names: its own name or a word a text names it by (`slot` of `slot_id`), or the
/// name of a flag it takes (`upcoming`)?
pub(crate) fn names_an_arg(tool: &str, word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    args_of(tool).any(|a| a.name == w || a.words.contains(&w.as_str()))
        || FLAGS
            .iter()
            .any(|f| f.field == w && f.tools.contains(&tool))
}

/// The argument of another served tool that `word` (a word of a parameter's name, in any case)
/// names when `tool` takes none it names (`specialty` on the booking, `doctor` on the
/// escalation): data of this server that the tool's route does not carry.
pub(crate) fn names_another_arg(tool: &str, word: &str) -> Option<&'static Arg> {
    let w = word.to_ascii_lowercase();
    if names_an_arg(tool, &w) {
        return None;
    }
    ARGS.iter()
        .find(|a| a.tool != tool && (a.name == w || a.words.contains(&w.as_str())))
}

/// Words of a name that say what its argument is, each read against the tool's arguments in
/// [`ARGS`] and its flags in [`FLAGS`]: the argument a name stands for is one of the tool's, so
/// a word that fits none of them says something false of whichever it is.
/// - a unit (`weeks`, `hours`; a period, `weekly`, in its unit): a number of the tool counted
///   in it (`duration_days` counts days; a page, a limit and a key count none);
/// - a filter (`only`, a status, `upcoming`, `weekday`): a flag of the tool by that name (a
///   list's page and limit narrow nothing; `upcoming` keeps pending and confirmed alike);
/// - a rank or grade: no argument is on such a scale (a severity runs 0, none, to 10, worst);
/// - an end said inclusive or exclusive: the slot search's start is inclusive, its end
///   exclusive, and no other argument has ends;
/// - a zone of the patient or clinic (`local`): an instant is read with its own offset, a date
///   at midnight UTC;
/// - a part of a searched text (`title`, `body`) alone: the search reads the title and text;
/// - the author or audience of a text (`doctor_notes`, `private_note`): the tool's caller
///   writes each text it takes, and another person reads it.
pub(crate) fn name_misstates_arg(tool: &str, parts: &[String]) -> Option<String> {
    const UNITS: &[(&str, &str)] = &[
        ("second", "seconds"),
        ("seconds", "seconds"),
        ("minute", "minutes"),
        ("minutes", "minutes"),
        ("hour", "hours"),
        ("hours", "hours"),
        ("hourly", "hours"),
        ("day", "days"),
        ("days", "days"),
        ("daily", "days"),
        ("week", "weeks"),
        ("weeks", "weeks"),
        ("weekly", "weeks"),
        ("month", "months"),
        ("months", "months"),
        ("monthly", "months"),
        ("year", "years"),
        ("years", "years"),
        ("yearly", "years"),
        ("annual", "years"),
        ("nightly", "days"),
    ];
    const FILTERS: &[&str] = &[
        "only",
        "upcoming",
        "future",
        "past",
        "pending",
        "confirmed",
        "cancelled",
        "canceled",
        "rejected",
        "completed",
        "active",
        "live",
        "weekday",
        "weekdays",
        "weekend",
        "weekends",
    ];
    const RANKS: &[&str] = &[
        "rank",
        "ranking",
        "grade",
        "tier",
        "percentile",
        "percent",
        "percentage",
        "stars",
    ];
    const ENDS: &[&str] = &["inclusive", "exclusive", "inclusively", "exclusively"];
    const ZONES: &[&str] = &[
        "local",
        "localtime",
        "cet",
        "cest",
        "est",
        "pst",
        "gmt",
        "bst",
    ];
    const TEXT_PARTS: &[(&str, &str)] = &[
        ("title", "title"),
        ("titles", "title"),
        ("heading", "title"),
        ("headings", "title"),
        ("body", "text"),
        ("text", "text"),
        ("content", "text"),
        ("excerpt", "text"),
    ];
    const TEXTS: &[&str] = &[
        "note", "notes", "text", "message", "comment", "comments", "reason", "symptoms", "remarks",
        "words", "summary",
    ];
    const AUTHORS: &[(&str, &str)] = &[
        ("doctor", "doctor"),
        ("doctors", "doctor"),
        ("physician", "doctor"),
        ("clinician", "doctor"),
        ("staff", "doctor"),
        ("patient", "patient"),
        ("patients", "patient"),
        ("nurse", "nurse"),
        ("reception", "reception"),
        ("admin", "admin"),
        ("oncall", "doctor"),
    ];
    const UNSHARED: &[&str] = &["private", "secret", "confidential", "personal", "internal"];
    role_of(tool)?;
    let has = |w: &str| parts.iter().any(|p| p == w);
    let args: Vec<&Arg> = args_of(tool).collect();
    let flags: Vec<&str> = FLAGS
        .iter()
        .filter(|f| f.tools.contains(&tool))
        .map(|f| f.field)
        .collect();
    for p in parts {
        if let Some(&(_, unit)) = UNITS.iter().find(|(w, _)| w == p)
            && !args
                .iter()
                .any(|a| a.form == Form::Number && a.name.split('_').any(|w| w == unit))
        {
            return Some(format!("counts in {unit}, and no argument of {tool} does"));
        }
    }
    let flagged = parts.iter().any(|p| flags.contains(&p.as_str()));
    if let Some(p) = parts.iter().find(|p| {
        FILTERS.contains(&p.as_str())
            && !flags.contains(&p.as_str())
            && !(p.as_str() == "only" && flagged)
    }) {
        return Some(format!(
            "holds \"{p}\", a filter {tool} takes no argument for"
        ));
    }
    if let Some(p) = parts.iter().find(|p| RANKS.contains(&p.as_str())) {
        return Some(format!(
            "holds \"{p}\": no argument of this server is a rank or grade (a severity runs 0, none, to 10, worst)"
        ));
    }
    let instants: Vec<&&Arg> = args.iter().filter(|a| a.form == Form::Instant).collect();
    if let Some(i) = parts.iter().position(|p| ENDS.contains(&p.as_str())) {
        let inclusive = parts[i].starts_with("inclusive");
        // the end the name is of, by the argument's name or a word of it (`to`, `end`)
        let end = instants.iter().find(|a| {
            parts[..i]
                .iter()
                .any(|p| p == a.name || a.words.contains(&p.as_str()))
        });
        let fits = end.is_some_and(|a| (a.name == "from") == inclusive);
        if !fits {
            return Some(format!(
                "says an end \"{}\" that is not how {tool} reads it: the slot search's start is inclusive and its end exclusive",
                parts[i]
            ));
        }
    }
    if let Some(p) = parts.iter().find(|p| ZONES.contains(&p.as_str())) {
        return Some(format!(
            "holds \"{p}\": an instant is read with its own offset, a date at midnight UTC"
        ));
    }
    if tool == PROTOCOL_SEARCH {
        let named: Vec<&str> = parts
            .iter()
            .filter_map(|p| TEXT_PARTS.iter().find(|(w, _)| w == p).map(|&(_, k)| k))
            .collect();
        let whole = named.contains(&"title") && named.contains(&"text");
        if !named.is_empty() && !whole {
            return Some(
                "names one part of a protocol as what the search reads: it reads the title and the text"
                    .to_owned(),
            );
        }
    }
    if parts.iter().any(|p| TEXTS.contains(&p.as_str())) {
        let writer = role_of(tool).flatten();
        let written = args.iter().any(|a| a.form == Form::Written);
        if let Some(p) = parts.iter().find(|p| UNSHARED.contains(&p.as_str()))
            && written
        {
            return Some(format!(
                "holds \"{p}\": each text {tool} takes is read by another person"
            ));
        }
        if let Some(&(w, who)) = AUTHORS.iter().find(|(w, _)| has(w))
            && (!written || writer != Some(who))
        {
            return Some(format!(
                "holds \"{w}\" as a text's author: {tool}'s texts are written by its caller, {}",
                writer.unwrap_or("anyone")
            ));
        }
    }
    None
}

/// Does a served tool take a text a person writes (an intake's symptoms, a rejection's reason,
/// an escalation's note)?
pub(crate) fn takes_written(tool: &str) -> bool {
    args_of(tool).any(|a| a.form == Form::Written)
}

/// The arguments of a tool.
pub(crate) fn args_of(tool: &str) -> impl Iterator<Item = &'static Arg> + '_ {
    ARGS.iter().filter(move |a| a.tool == tool)
}

/// A tool that takes one id of a thing said to act on many of it in one call ("Book open
/// slots for the authenticated patient, one or more", "to several open slots in one step",
/// "Ids of pending appointments" as an argument): each id argument of a served tool is one
/// positive integer, and a call acts on that one. The thing's plural is many when a word of
/// many stands before it, when "one or more" follows in its sentence, when it is the object
/// the text opens with ("Book open slots"), or when an argument's text opens with "ids".
/// An optional id (a doctor's, of the slot search) leaves the call over many. `answer`: the
/// text is of the answer, whose lists are read elsewhere.
pub(crate) fn one_id_said_many(toks: &[Tok], tool: &str, answer: bool, out: &mut Vec<Violation>) {
    const MANY: &[&str] = &[
        "several", "multiple", "many", "more", "various", "two", "all",
    ];
    if answer {
        return;
    }
    let plurals: Vec<String> = args_of(tool)
        .filter(|a| a.form == Form::Id && a.required)
        .filter_map(|a| a.name.strip_suffix("_id").map(|t| format!("{t}s")))
        .collect();
    let opens_with_ids = toks.first().is_some_and(|t| is_word(t, &["ids"]));
    for (n, s) in toks
        .split(|t| t.kind == Kind::Stop && t.text != ":")
        .enumerate()
    {
        if s.iter()
            .any(|t| is_word(t, NEGATIONS) || is_word(t, &["only", "exactly", "single"]))
        {
            continue;
        }
        let one_or_more = s.windows(3).any(|w| {
            is_word(&w[0], &["one"]) && is_word(&w[1], &["or"]) && is_word(&w[2], &["more"])
        });
        let hit = s.iter().enumerate().find(|&(k, t)| {
            if !plurals.contains(&t.text) || t.kind != Kind::Word {
                return false;
            }
            // (the patient's or doctor's own list: "one of the patient's appointments")
            let of_list = s[..k].iter().any(|x| is_word(x, &["of"]));
            let quantified = s[k.saturating_sub(3)..k].iter().any(|x| is_word(x, MANY));
            // the object the text opens with: "Book open slots"
            let opening = n == 0 && k <= 3 && s[1..k].iter().all(|x| x.kind == Kind::Word);
            quantified || !of_list && (one_or_more || opening) || n == 0 && opens_with_ids
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "{tool} said to act on many {} in one call: each of its ids is one positive integer, and a call acts on that one",
                    t.text
                ),
            );
            return;
        }
    }
}

/// The argument a word at `at` of the sentence `s` is said of, among those `fits` keeps: the
/// nearest named before it in its clause, else after it in its clause, else the one the text
/// is about (the first it names), else the nearest in its sentence.
fn said_of(
    s: &[Tok],
    at: usize,
    subject: Option<&'static Arg>,
    tool: &str,
    fits: impl Fn(&Arg) -> bool,
) -> Option<&'static Arg> {
    let (start, end) = clause_at(s, at);
    let named = |j: usize| args_of(tool).find(|a| names(s, j, a));
    [
        (start..at).rev().find_map(named),
        (at + 1..end).find_map(named),
        subject,
        (0..at).rev().find_map(named),
        (at + 1..s.len()).find_map(named),
    ]
    .into_iter()
    .flatten()
    .find(|a| fits(a))
}

/// The argument a text is about: the first its head (its first clause) names ("Most slots to
/// return, …", "Reason for the rejection, …").
fn subject_of(toks: &[Tok], tool: &str) -> Option<&'static Arg> {
    let (_, end) = clause_at(toks, 0);
    (0..end).find_map(|j| args_of(tool).find(|a| names(toks, j, a)))
}

/// Whether a word at `k` is denied by a word shortly before it ("not required", "no spaces").
pub(super) fn denied(s: &[Tok], k: usize) -> bool {
    s[k.saturating_sub(3)..k]
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
}

/// What a text says of the arguments in [`ARGS`]: their defaults, bounds, whether they are
/// required, their forms, the case of a specialty and the end of the slot search's window.
pub(super) fn args_misstated(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if args_of(tool).next().is_none() {
        return;
    }
    // (a text of a flag is of an answer's value or of the flag, not of another argument)
    let subject = if toks.iter().any(|x| is_word(x, &["true", "false"])) {
        None
    } else {
        subject_of(toks, tool)
    };
    let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
    for s in sentences.filter(|s| !s.is_empty()) {
        let n = out.len();
        default_misstated(text, s, subject, tool, out);
        if out.len() == n {
            arg_bound_misstated(text, s, subject, tool, out);
        }
        requirement_misstated(s, subject, tool, out);
        absence_said_to_err(s, tool, out);
        form_misstated(s, subject, tool, out);
        if PAGED.contains(&tool) && ORDERED_BY_ID.contains(&tool) {
            first_page_said_newest(text, s, out);
        }
        if out.len() > n {
            return;
        }
    }
}

/// The clause of the token at `k`: from the mark before it to the mark after it.
fn clause_at(s: &[Tok], k: usize) -> (usize, usize) {
    let bound = |t: &Tok| matches!(t.kind, Kind::Comma | Kind::Stop);
    let start = (0..k).rev().find(|&j| bound(&s[j])).map_or(0, |j| j + 1);
    let end = (k..s.len()).find(|&j| bound(&s[j])).unwrap_or(s.len());
    (start, end)
}

/// The clause after the one that ends at `end`, if any.
fn next_clause(s: &[Tok], end: usize) -> (usize, usize) {
    match (end + 1..s.len()).find(|&j| !matches!(s[j].kind, Kind::Comma | Kind::Stop)) {
        Some(j) => clause_at(s, j),
        None => (s.len(), s.len()),
    }
}

/// Where a sentence says a default, and the tokens of the value it says: after "default"
/// ("(default 10)", "Default: 20", "the default is the last page"), or before "by default" or
/// "when absent" ("50 slots at most by default", "10 of them when limit is absent"), or in the
/// clause after one that says only that ("Without it, 100", "when absent, every match").
fn defaults_said(s: &[Tok], tool: &str) -> Vec<(usize, usize, usize)> {
    let mut sites = Vec::new();
    for (k, t) in s.iter().enumerate() {
        let (start, end) = clause_at(s, k);
        let by = k >= 1 && is_word(&s[k - 1], &["by"]);
        let (v0, v1) = if is_word(t, &["default", "defaults"]) && !by {
            (k + 1, end)
        } else if is_word(t, &["default"]) && by {
            (start, k - 1)
        } else if is_word(t, &["without"]) && k == start {
            (k + 2, end)
        } else if is_word(t, ABSENT) || call_names_none(s, k) {
            // ("10 when absent", "when limit is absent, …"; not "absent from the list")
            let Some(cond) = (start..k)
                .rev()
                .find(|&j| is_word(&s[j], &["when", "if", "where", "while"]))
            else {
                continue;
            };
            (start, cond)
        } else {
            continue;
        };
        // ("Default limit: 5": the argument's name is no value)
        let value = |a: usize, b: usize| {
            (a..b).any(|j| {
                !is_word(&s[j], &["is", "to", "of", "are", "the", "it", "value"])
                    && !args_of(tool).any(|x| names(s, j, x))
            })
        };
        let (v0, v1) = if value(v0, v1.max(v0)) {
            (v0, v1)
        } else {
            next_clause(s, end)
        };
        sites.push((k, v0, v1));
    }
    sites
}

/// The call said to leave a value out at `k`, its verb of saying: "the request names no limit",
/// "the caller does not give a page", "the call leaves it out". The sayer is the call, its
/// caller or its arguments.
fn call_names_none(s: &[Tok], k: usize) -> bool {
    const SAYS: &[&str] = &[
        "names", "name", "gives", "give", "sets", "set", "sends", "send", "passes", "pass",
        "states", "state", "says", "say", "provides", "provide", "leaves", "leave", "omits",
        "omit",
    ];
    let w = |j: usize, list: &[&str]| s.get(j).is_some_and(|x| is_word(x, list));
    w(k, SAYS)
        && s[k.saturating_sub(4)..k]
            .iter()
            .any(|x| is_word(x, CALL_SAYERS))
        && (w(k + 1, &["no", "nothing"])
            || s[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["never"]))
            || w(k, &["leaves", "leave", "omits", "omit"]))
}

/// A default of a page, a count or the window's start said otherwise than the server's: a
/// number that is not its own ("(default 10)" where it is 5, "Returns 50 slots at most by
/// default"), or words that give another value ("Default: the last page", "every match when
/// absent", "Default: tomorrow"); a page's default is the first. A size said of a page alone
/// ("10 to a page") is the default of its limit too.
fn default_misstated(
    text: &str,
    s: &[Tok],
    subject: Option<&'static Arg>,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    let mut sites = defaults_said(s, tool);
    // ("10 to a page", "20 per page": the size of a page when no limit is given)
    for k in 0..s.len() {
        if number(s, k, text).is_some_and(|(_, f)| f == k)
            && matches!(said(s, k, k, text), Said::Alone)
            && (is_word_at(s, k + 1, &["per"]) && is_word_at(s, k + 2, PAGE_WORDS)
                || is_word_at(s, k + 1, &["to", "a", "on"])
                    && is_word_at(s, k + 2, &["a", "each", "every", "one"])
                    && is_word_at(s, k + 3, PAGE_WORDS))
        {
            sites.push((k, k, k + 1));
        }
    }
    for (k, v0, v1) in sites {
        let value = &s[v0..v1];
        // (an amount of time is the window's, read with it; true or false a flag's)
        if value
            .iter()
            .any(|x| is_word(x, TIME_UNITS) || is_word(x, &["true", "false"]))
        {
            continue;
        }
        let Some(a) = said_of(s, k, subject, tool, |_| true) else {
            continue;
        };
        let wrong = match (a.form, a.default) {
            (Form::Count, Some(d)) => {
                let numbers: Vec<u32> = (v0..v1)
                    .filter_map(|j| number(s, j, text).filter(|&(_, f)| f == j))
                    .map(|(n, _)| n)
                    .collect();
                // (words of another amount: "every match", "the last page", "the page with the
                // next appointment"; the first page is page 1)
                if numbers.is_empty() {
                    value.iter().any(|x| is_word(x, OTHER_AMOUNT))
                        && !(d == 1 && value.iter().any(|x| is_word(x, &["first", "one"])))
                } else {
                    numbers.iter().any(|&n| n != d)
                }
            }
            (Form::Instant, _) if a.name == "from" => {
                value.iter().any(|x| is_word(x, LATER)) && !value.iter().any(|x| is_word(x, NOW))
            }
            _ => false,
        };
        if wrong {
            let is = match a.default {
                Some(d) => d.to_string(),
                None => "now".to_owned(),
            };
            push(
                out,
                Rule::Directive,
                &s[k],
                format!(
                    "the server's argument `{}` said with another default: it is {is}",
                    a.name
                ),
            );
            return;
        }
    }
}

/// Nouns after a number that count something other than the value of an argument ("up to 5
/// doctors in one search").
const OTHER_COUNTS: &[&str] = &[
    "doctor",
    "doctors",
    "clinic",
    "clinics",
    "request",
    "requests",
    "call",
    "calls",
    "patient",
    "patients",
    "specialty",
    "specialties",
    "time",
    "times",
];

/// A bound of a page, a count, a key or the words of a search said otherwise than the schema's
/// ("Appointments per page, 1 to 500", "Page number, from 0", "A key of 4 to 16 characters",
/// "A key of 32 characters exactly", "Words to search for, 2 to 20 characters"): a number with
/// a length in characters is read against the arguments held to a length, one without against
/// the counts; a number said as an end or a range is read, one alone only when said exact.
fn arg_bound_misstated(
    text: &str,
    s: &[Tok],
    subject: Option<&'static Arg>,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    for (k, t) in s.iter().enumerate() {
        let Some((n, first)) = number(s, k, text) else {
            continue;
        };
        // (a thousands group is read once, at its last part; a default is read as one)
        if number(s, k + 2, text).is_some_and(|(_, f)| f <= k) {
            continue;
        }
        let (start, end) = clause_at(s, first);
        if s[start..end]
            .iter()
            .any(|x| is_word(x, &["default", "defaults"]) || is_word(x, ABSENT))
            || s[first.saturating_sub(3)..first]
                .iter()
                .any(|x| is_word(x, NO_BOUND))
        {
            continue;
        }
        let mut a = k + 1;
        let length = is_word_at(s, a, LENGTH_UNITS) || is_word_at(s, a, &["digits"]);
        if length {
            a += 1;
        } else if is_word_at(s, a, TIME_UNITS) || is_word_at(s, a, OTHER_COUNTS) {
            continue;
        }
        // ("32 characters exactly", "exactly 32 characters")
        let exact = s[a..end.min(a + 4).max(a)]
            .iter()
            .chain(s[first.saturating_sub(2)..first].iter())
            .any(|x| is_word(x, &["exactly", "precisely"]));
        let form = said(s, first, k, text);
        if matches!(form, Said::Lower) || matches!(form, Said::Alone) && !exact {
            continue;
        }
        // ("at most 20 appointments": a count of what a list holds is its limit's, not a page's)
        let items = is_word_at(
            s,
            a,
            &[
                "appointment",
                "appointments",
                "slot",
                "slots",
                "protocol",
                "protocols",
                "results",
                "entries",
                "items",
            ],
        );
        let Some(arg) = said_of(s, first, subject, tool, |x| {
            x.bounds.is_some()
                && (!items || x.name == "limit")
                && if length {
                    matches!(x.form, Form::Key | Form::Words)
                } else {
                    x.form == Form::Count
                }
        }) else {
            continue;
        };
        let Some((lo, hi)) = arg.bounds else {
            continue;
        };
        // (the agent makes a key itself: a narrower length still makes one the server takes)
        let own = arg.form == Form::Key;
        let fits = match form {
            Said::Range(l) if own => lo <= l && l <= n && n <= hi,
            Said::Lower | Said::Alone if own => (lo..=hi).contains(&n),
            Said::Range(l) => (l, n) == (lo, hi),
            Said::Scale => n == hi,
            // ("over 100 gives an error": what lies past either end)
            Said::Below => n == lo || n == hi || Some(n) == hi.checked_add(1),
            Said::Above => n == hi || n == lo || n.checked_add(1) == Some(lo),
            Said::Lower | Said::Alone => lo == hi && n == lo,
            // (one end alone may narrow what the schema takes, "at least 3 characters"; said
            // with the other end, "from 1 up to 10", the two are the range)
            Said::AtLeast | Said::AtMost => {
                let paired = (start..end).any(|j| {
                    j != first
                        && number(s, j, text).is_some_and(|(_, f)| f == j)
                        && matches!(said(s, j, j, text), Said::AtLeast | Said::AtMost)
                });
                match form {
                    Said::AtLeast if paired => n == lo,
                    Said::AtMost if paired => n == hi,
                    _ => (lo..=hi).contains(&n),
                }
            }
        };
        if !fits {
            let unit = if length { " characters" } else { "" };
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the server's argument `{}` said with other bounds: its schema holds it to {lo} to {hi}{unit}",
                    arg.name
                ),
            );
            return;
        }
    }
}

/// An argument said required when the schema lets it out, or optional when the schema asks for
/// it ("Reason for the rejection, …. Required.", "Start of the window, …. Required.", "with an
/// optional note"): the agent withholds a call it could make, or makes one the schema refuses.
/// "optional" before a noun is said of that noun; "required", "optional" as a predicate of the
/// argument its clause or its text names.
fn requirement_misstated(
    s: &[Tok],
    subject: Option<&'static Arg>,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    for (k, t) in s.iter().enumerate() {
        let required = if is_word(t, &["required", "mandatory", "compulsory", "obligatory"]) {
            true
        } else if is_word(t, &["optional"]) {
            false
        } else {
            continue;
        };
        let said = required != denied(s, k);
        // ("an optional note": the noun after the word; a noun of no argument says nothing)
        let attributive = s.get(k + 1).is_some_and(|x| x.kind == Kind::Word)
            && !is_word_at(
                s,
                k + 1,
                &["and", "or", "but", "for", "when", "if", "unless"],
            );
        let arg = if attributive {
            (k + 1..(k + 3).min(s.len())).find_map(|j| args_of(tool).find(|a| names(s, j, a)))
        } else {
            said_of(s, k, subject, tool, |_| true)
        };
        // (the contract lets a key out, where the server's schema asks for it)
        let Some(arg) = arg.filter(|a| a.form != Form::Key) else {
            continue;
        };
        if arg.required != said {
            let is = if arg.required { "required" } else { "optional" };
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the server's argument `{}` said otherwise: it is {is}",
                    arg.name
                ),
            );
            return;
        }
    }
}

/// An optional argument's absence said to give an error ("a rejection with no reason gives
/// `VALIDATION_ERROR`", "Without from, the call fails", "an error when specialty is missing"):
/// the schema lets it out, so the agent asks for a value the call does not need. The absence is
/// "no" or "without" before the argument's word, or a word of absence after it; the error is a
/// code, or an error or a failure not denied, in the same sentence.
fn absence_said_to_err(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let optional =
        |j: usize| args_of(tool).find(|a| !a.required && a.form != Form::Key && names(s, j, a));
    let absent = s.iter().enumerate().find_map(|(k, t)| {
        if is_word(t, &["no", "without"]) {
            (k + 1..(k + 3).min(s.len())).find_map(optional)
        } else if is_word(t, ABSENT) {
            (k.saturating_sub(3)..k).rev().find_map(optional)
        } else {
            None
        }
    });
    let Some(arg) = absent else {
        return;
    };
    // (an absence joined to a case of its own errs by that case, read by its code: "Without
    // specialty or doctor_id, a search of too many doctors gives `SEARCH_TOO_BROAD`")
    let excess = s.windows(2).any(|w| {
        is_word(&w[0], &["too"]) && is_word(&w[1], &["many", "much"])
            || is_word(&w[0], &["more"]) && is_word(&w[1], &["than"])
    });
    if excess {
        return;
    }
    let err = s.iter().enumerate().find(|&(k, x)| {
        (x.text.ends_with("_error")
            || is_word(x, &["error", "errors", "fails", "fail", "failure", "refused", "invalid"]))
            // ("gives no error", "does not fail"; the "no" of the absence is not its denial)
            && !(k >= 1 && (is_word(&s[k - 1], NEGATIONS) || is_word(&s[k - 1], &["no"])))
    });
    if let Some((_, t)) = err {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "the server's argument `{}` said otherwise: it is optional, and its absence gives no error",
                arg.name
            ),
        );
    }
}

/// Words that give a value as a text of letters or other characters, not a number.
/// (said as what the value is: "a UUID", "as a text")
const TEXTUAL: &[&str] = &[
    "uuid",
    "guid",
    "string",
    "text",
    "hex",
    "hexadecimal",
    "alphanumeric",
];

/// What a specialty's name takes.
const ASCII: &str = "printable ASCII characters";

/// Characters outside an idempotency key's letters, digits and `. _ : -`.
const OUTSIDE_A_KEY: &[&str] = &[
    "space",
    "spaces",
    "whitespace",
    "punctuation",
    "symbol",
    "symbols",
    "emoji",
    "emojis",
    "unicode",
    "mark",
    "marks",
    "accents",
    "accented",
];

/// An id said to be other than a positive integer, in a text of an id ("Slot id, the value to
/// book: a UUID", "Doctor id, as 3 letters and 4 digits", "Id of an open slot (the text after
/// the colon in the slot id)"): every id of the clinic API and of this server is a positive
/// integer, so the agent that trusts the claim sends a value the schema refuses, or cuts a part
/// out of an id that has none. A text of an idempotency key is of the key, not of an id.
fn id_form_misstated(toks: &[Tok], s: &[Tok], out: &mut Vec<Violation>) {
    const PARTS: &[&str] = &[
        "colon",
        "colons",
        "prefix",
        "prefixes",
        "suffix",
        "suffixes",
        "hyphen",
        "hyphens",
        "dash",
        "dashes",
        "slash",
        "slashes",
        "backslash",
        "underscore",
        "underscores",
        "separator",
        "separators",
    ];
    let (_, head) = clause_at(toks, 0);
    let of_an_id = toks[..head].iter().any(|x| is_word(x, &["id", "ids"]))
        && !toks
            .iter()
            .any(|x| is_word(x, &["key", "keys", "idempotency_key"]));
    if !of_an_id {
        return;
    }
    let hit = (0..s.len()).find(|&k| {
        let t = &s[k];
        // (in apposition: ", a UUID", ": a UUID", "(a UUID)", "as a text")
        let apposed = k >= 1
            && is_word(&s[k - 1], &["a", "an"])
            && (k < 2
                || matches!(s[k - 2].kind, Kind::Comma)
                || s[k - 2].text == ":"
                || s[k - 2].text == "("
                || is_word(&s[k - 2], &["as", "is"]));
        // ("as 3 letters", "of 8 letters")
        let counted = k >= 1
            && (s[k - 1].kind == Kind::Ident && s[k - 1].text.bytes().all(|b| b.is_ascii_digit())
                || is_word(&s[k - 1], &["as", "of"]));
        let wrong = is_word(t, TEXTUAL) && apposed
            || is_word(t, &["letter", "letters"]) && counted
            || is_word(t, PARTS);
        wrong && !denied(s, k)
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            &s[k],
            "an id said to be other than a positive integer: every id of the clinic API and of this server is a positive integer".to_owned(),
        );
    }
}

/// An argument given another form than its schema's ("Id of an open slot (a UUID)", "Id of an
/// appointment, a text of 8 letters", "days, as a text such as three days", "A key of letters,
/// digits, spaces and any mark"): an id and a person's number are integers, a key takes letters,
/// digits and `. _ : -`; the agent sends what the schema refuses. A specialty said to be matched
/// in its case, or by its start ("case-sensitive", "in the same case", "or the start of one"):
/// the server matches the whole name in any case. The slot search's end said inclusive: it is
/// exclusive, and a slot that starts at it is not in the answer; its start said exclusive: it
/// is inclusive.
fn form_misstated(s: &[Tok], subject: Option<&'static Arg>, tool: &str, out: &mut Vec<Violation>) {
    for (k, t) in s.iter().enumerate() {
        if denied(s, k) {
            continue;
        }
        let of = |fits: &dyn Fn(&Arg) -> bool| {
            said_of(s, k, subject, tool, |_| true).filter(|a| fits(a))
        };
        // (a name held to ASCII, the nearest: "1 to 64 characters of any language" is of the
        // specialty, not of `to`)
        let ascii = || {
            said_of(s, k, subject, tool, |a| {
                ASCII_ONLY.contains(&(a.tool, a.name))
            })
        };
        // (in apposition to what it is said of: "(a UUID)", ", a text of 8 letters", "as a text")
        let apposed = k >= 2
            && is_word(&s[k - 1], &["a", "an"])
            && (s[k - 2].kind == Kind::Comma || is_word(&s[k - 2], &["as"]));
        let wrong = if is_word(t, TEXTUAL) && apposed {
            of(&|a| matches!(a.form, Form::Id | Form::Number)).map(|a| (a, "an integer"))
        } else if is_word(
            t,
            &[
                "unicode",
                "accented",
                "accents",
                "emoji",
                "emojis",
                "diacritics",
            ],
        ) && ascii().is_some()
        {
            ascii().map(|a| (a, ASCII))
        } else if is_word(t, OUTSIDE_A_KEY) {
            of(&|a| a.form == Form::Key).map(|a| (a, "letters, digits and . _ : - alone"))
        } else if is_word(
            t,
            &[
                "language",
                "languages",
                "script",
                "scripts",
                "alphabet",
                "alphabets",
                "ascii",
            ],
        ) && k >= 1
            && is_word(&s[k - 1], &["any", "every", "all", "other", "non"])
        {
            ascii().map(|a| (a, ASCII))
        } else if is_word(t, &["case", "cases"])
            && (is_word_at(s, k + 1, &["sensitive", "sensitively", "matters", "counts"])
                || k >= 1 && is_word(&s[k - 1], &["same", "its", "their", "exact", "original"]))
        {
            of(&|a| a.any_case).map(|a| (a, "matched whole, in any case"))
        } else if is_word(
            t,
            &[
                "prefix",
                "prefixes",
                "partial",
                "substring",
                "start",
                "beginning",
                "begins",
                "starts",
            ],
        ) {
            of(&|a| a.any_case).map(|a| (a, "matched whole, in any case"))
        } else if is_word(t, NAME_ALIKE)
            || is_word(t, &["other", "another", "different", "alternative"])
                && is_word_at(
                    s,
                    k + 1,
                    &[
                        "name",
                        "names",
                        "spelling",
                        "spellings",
                        "form",
                        "forms",
                        "word",
                        "words",
                        "specialty",
                        "specialties",
                    ],
                )
                && s[k + 2..].iter().take(4).any(|x| {
                    is_word(
                        x,
                        &[
                            "match", "matches", "matched", "too", "also", "count", "counts",
                            "work", "works", "found", "finds",
                        ],
                    )
                })
        {
            // (another name said to match: the server matches the name itself, in any case; the
            // specialty it is said of, past a doctor named between: "every doctor of it or of a
            // close specialty")
            said_of(s, k, subject, tool, |a| a.any_case)
                .map(|a| (a, "matched whole, in any case: no other name of it matches"))
        } else if is_word(
            t,
            &[
                "inclusive",
                "included",
                "including",
                "includes",
                "inclusively",
            ],
        ) || is_word(t, &["holds", "covers", "contains", "spans"])
            && s[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["all", "whole", "day", "days"]))
        {
            // ("a date as to holds all of that day": a date is its midnight, so the day is
            // outside the window)
            of(&|a| a.tool == SLOT_SEARCH && a.name == "to").map(|a| (a, "exclusive"))
        } else if is_word(
            t,
            &[
                "exclusive",
                "excluded",
                "excluding",
                "excludes",
                "exclusively",
            ],
        ) {
            // (the argument it is said of, whichever: "End of the window, exclusive, same
            // formats as from" is of `to`)
            of(&|_| true)
                .filter(|a| a.tool == SLOT_SEARCH && a.name == "from")
                .map(|a| (a, "inclusive: a slot that starts at it is in the answer"))
        } else {
            None
        };
        if let Some((arg, is)) = wrong {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the server's argument `{}` said in another form: it is {is}",
                    arg.name
                ),
            );
            return;
        }
    }
}

/// Words that say a name near the one given matches too ("or of a close specialty", "synonyms
/// match", "a part of the name").
const NAME_ALIKE: &[&str] = &[
    "close",
    "closest",
    "related",
    "similar",
    "synonym",
    "synonyms",
    "alias",
    "aliases",
    "abbreviation",
    "abbreviations",
    "abbreviated",
    "variant",
    "variants",
    "fuzzy",
    "approximate",
    "misspelled",
    "misspelling",
    "misspellings",
    "typo",
    "typos",
    "part",
    "parts",
    "nearest",
    "equivalent",
    "equivalents",
];

/// The first page said to hold the newest appointments ("Page number, from 1 (the newest
/// appointments)", "the first page with the latest ones"): the server pages a list ascending by
/// id, newest last, so page 1 holds the oldest and the agent stops before the newest. Read in
/// the few words after the first page, or page 1, of a sentence of pages.
fn first_page_said_newest(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
    const NEWEST: &[&str] = &["newest", "latest", "recent", "youngest", "freshest"];
    if !s.iter().any(|x| is_word(x, PAGE_WORDS)) {
        return;
    }
    for k in 0..s.len() {
        let first = is_word(&s[k], &["first"]) && is_word_at(s, k + 1, PAGE_WORDS)
            || number(s, k, text).is_some_and(|(n, f)| n == 1 && f == k);
        if !first {
            continue;
        }
        let after = &s[k + 1..(k + 7).min(s.len())];
        let until = after
            .iter()
            .position(|x| {
                is_word(x, &["last", "end", "oldest", "earliest"]) || x.kind == Kind::Stop
            })
            .unwrap_or(after.len());
        if let Some(j) = (0..until).find(|&j| is_word(&after[j], NEWEST)) {
            if denied(after, j) {
                continue;
            }
            push(
                out,
                Rule::Directive,
                &after[j],
                "the server's pages said the other way round: it pages by id, newest last, so the first page holds the oldest".to_owned(),
            );
            return;
        }
    }
}

/// What the `upcoming` filter keeps, by status: every appointment that starts after now and is
/// neither of [`UPCOMING_DROPS`], so `pending` and `confirmed` alike, read from every page the
/// API answers (the server reads them all, then pages what is left).
pub const UPCOMING_KEEPS: &[&str] = &["pending", "confirmed"];
pub const UPCOMING_DROPS: &[&str] = &["cancelled", "rejected"];

/// A view of the appointments: the tool that answers it, or one of these for a view no tool
/// name tells apart: the schedule of the oncall doctor an escalation goes to, and the patient's
/// list with `upcoming` true.
pub const ONCALL_SCHEDULE: &str = "list_doctor_schedule of the oncall doctor";
pub const UPCOMING_LIST: &str = "list_my_appointments with upcoming";

/// What each view shows of an appointment (for the slot search, of its slot) right after each
/// act, as the handlers make it, at once: the escalation reassigns the appointment, so the
/// escalating doctor's schedule no longer has it and the oncall doctor's has it; the schedule
/// and the patient's list take no filter and keep every status, and `upcoming` drops the
/// cancelled and rejected ones; a booking takes its slot off the slot search. A move may
/// change the doctor, so whose schedule holds it is the new slot's. (act, view, shown)
#[rustfmt::skip]
const AFTER_ACT: &[(&str, &str, bool)] = &[
    ("escalate", "list_doctor_schedule", false),
    ("escalate", ONCALL_SCHEDULE, true),
    ("escalate", "list_my_appointments", true),
    ("escalate", "get_appointment", true),
    ("cancel", "list_doctor_schedule", true),
    ("cancel", "list_my_appointments", true),
    ("cancel", UPCOMING_LIST, false),
    ("cancel", "get_appointment", true),
    ("reject", "list_doctor_schedule", true),
    ("reject", "list_my_appointments", true),
    ("reject", UPCOMING_LIST, false),
    ("reject", "get_appointment", true),
    ("confirm", "list_doctor_schedule", true),
    ("confirm", "list_my_appointments", true),
    ("confirm", "get_appointment", true),
    ("book", "list_doctor_schedule", true),
    ("book", "list_my_appointments", true),
    ("book", "get_appointment", true),
    ("book", "find_available_slots", false),
    ("reschedule", "list_my_appointments", true),
    ("reschedule", "get_appointment", true),
];

/// Whether `view` shows the appointment (or its slot) right after `act`, if the table says.
pub fn shown_after(act: &str, view: &str) -> Option<bool> {
    AFTER_ACT
        .iter()
        .find(|(a, v, _)| *a == act && *v == view)
        .map(|&(_, _, shown)| shown)
}

/// The years the slot search's `from` and `to` may name: 2000 to 2999, refused outside.
pub const SLOT_WINDOW_YEARS: (u32, u32) = (2000, 2999);

/// Arguments of one tool of which at most one may be given: both is `INVALID_ARGUMENTS`.
pub const EXCLUSIVE: &[(&str, &str, &str)] = &[("find_available_slots", "doctor_id", "specialty")];

/// Arguments held to printable ASCII characters (a specialty's name).
pub const ASCII_ONLY: &[(&str, &str)] = &[
    ("list_doctors", "specialty"),
    ("find_available_slots", "specialty"),
];

/// The tools that answer their whole list at once, with no pages and no count to return.
pub const UNPAGED: &[&str] = &["list_doctors", "list_specialties"];

/// The protocol search answers each match with the start of its text, cut at this many
/// characters (the clinic API's cut, which the server passes on as it is).
pub const EXCERPT_CHARS: u32 = 400;

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
    }
    let only = s.iter().position(|x| is_word(x, &["only"]))?;
    let (_, end) = clause_at(s, only);
    s[only..end]
        .iter()
        .any(|x| x.text.eq_ignore_ascii_case("upcoming"))
        .then(|| &s[only..])
}

/// What the `upcoming` filter keeps said otherwise ("When true, only confirmed appointments",
/// "…, cancelled ones included", "…, of any status", "only the upcoming ones of the first
/// page"): it keeps every appointment that starts after now but the cancelled and rejected
/// ones, pending and confirmed alike, from every page. A status is read as dropped after a
/// denial or a word of leaving out in its clause, else as kept.
fn upcoming_status_misstated(s: &[Tok], out: &mut Vec<Violation>) {
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
    let hit = hit
        .or(any_status.map(|(_, x)| x))
        .or(one_page.map(|j| &case[j]));
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "what the upcoming filter keeps said otherwise: with upcoming true, every appointment that starts after now but the cancelled and rejected ones, pending and confirmed alike, of every page".to_owned(),
        );
    }
}

/// The slot search's window said to hold its slots otherwise than the server keeps them: a slot
/// is in it when `from <= start < to`, by its start alone ("a slot is in the window when it ends
/// before it"), a plain date as `to` is midnight UTC at that day's start, so the day is left out
/// ("a date as to takes in the whole of that day"), and the window answered is in UTC, not the
/// text the caller sent ("Start of the window searched, as the caller gave it"). The agent that
/// trusts the claim searches a day short, or reads a slot that runs past `to` as missing.
fn window_bounds_misread(s: &[Tok], of_end: bool, out: &mut Vec<Violation>) {
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
fn window_edge_misstated(s: &[Tok], of_end: bool, out: &mut Vec<Violation>) {
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

/// A protocol's excerpt said cut elsewhere than the API cuts it ("The first 40 characters of
/// the protocol text", "up to 4000 characters", "its first line", "20 words at most"): it is
/// the start of the text, cut at [`EXCERPT_CHARS`] characters, so the doctor reads a longer or
/// a shorter text than the answer holds. Read in a sentence of the text, not of the search's
/// words.
fn excerpt_length_misstated(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
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
fn limit_said_per_other(text: &str, s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
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
fn whole_list_paged(text: &str, s: &[Tok], out: &mut Vec<Violation>) {
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
fn capped_list_said_whole(text: &str, s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
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
fn capped_list_said_complete(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
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
fn exclusive_said_together(toks: &[Tok], s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
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

/// A count of the slot search said to be of the slots it returns ("How many slots are in the
/// list", "How many of the slots are in this answer"): its one count, `total_found`, is of the
/// open slots in the window before the limit, so the agent reads a cut list as all there is.
fn slot_count_of_the_answer(s: &[Tok], out: &mut Vec<Violation>) {
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
fn count_of_people(s: &[Tok], out: &mut Vec<Violation>) {
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

/// Who may call each of the server's tools, as its `#[clinic_tool(role = …)]` declares it
/// (`clinic-mcp/src/tools/*.rs`, where a test holds this table to the catalogue): the one role
/// the server lets through, any other session getting `ROLE_NOT_PERMITTED` before anything is
/// sent, or `None` for a public tool, which takes no token and which anyone calls.
#[rustfmt::skip]
pub const ROLES: &[(&str, Option<&str>)] = &[
    ("list_specialties", None),
    ("list_doctors", None),
    ("find_available_slots", None),
    ("list_my_appointments", Some("patient")),
    ("get_appointment", Some("patient")),
    ("book_appointment", Some("patient")),
    ("reschedule_appointment", Some("patient")),
    ("cancel_appointment", Some("patient")),
    ("record_intake", Some("patient")),
    ("list_doctor_schedule", Some("doctor")),
    ("confirm_appointment", Some("doctor")),
    ("reject_appointment", Some("doctor")),
    ("search_protocols", Some("doctor")),
    ("escalate_to_oncall", Some("doctor")),
];

/// The role a tool of this server declares (`Some(None)`: a public tool; `None`: not a tool of
/// this server).
pub fn role_of(tool: &str) -> Option<Option<&'static str>> {
    ROLES.iter().find(|(t, _)| *t == tool).map(|&(_, r)| r)
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

/// Doctors one slot search may cover: one call makes at most 64 requests to the clinic API
/// (`clinic-mcp` `session::DEFAULT_MAX_REQUESTS_PER_CALL`), one for the doctor list and one per
/// doctor.
pub const SEARCH_DOCTOR_CAP: u32 = 63;

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

/// The tools of this server that may answer an error code (any case), from the routes and checks
/// of each tool; `None` for a code any tool may answer.
pub fn tools_answering(code: &str) -> Option<&'static [&'static str]> {
    crate::codes::tools_answering(&code.to_ascii_lowercase())
}

/// The things and units an argument could be said to count or name, beside the items of a count
/// to return.
const OTHER_THINGS: &[&str] = &[
    "doctor",
    "doctors",
    "clinic",
    "clinics",
    "patient",
    "patients",
    "specialty",
    "specialties",
    "page",
    "pages",
    "intake",
    "intakes",
    "protocol",
    "protocols",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "hour",
    "hours",
    "city",
    "cities",
    "building",
    "buildings",
    "hospital",
    "hospitals",
    "physician",
    "physicians",
];

/// What each count to return counts: a page's appointments, the slots found, the protocols
/// found.
fn items_counted(tool: &str) -> &'static [&'static str] {
    if PAGED.contains(&tool) {
        &["appointment", "appointments"]
    } else if tool == SLOT_SEARCH {
        &["slot", "slots"]
    } else if tool == PROTOCOL_SEARCH {
        &["protocol", "protocols", "match", "matches"]
    } else {
        &[]
    }
}

/// An argument's description whose head says it is another thing than the argument: a count
/// to return said to count other things ("Most doctors to search", "Most days per page": the
/// limit counts slots, protocols or a page's appointments), a page said to be of other units
/// ("Week number": a page of the list), or a specialty said to be another thing's name ("Exact
/// name of a clinic": the only name an argument takes is a specialty's). The agent sends a value
/// of another meaning and reads the answer as it.
pub(crate) fn arg_meaning_swapped(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let (_, head) = clause_at(toks, 0);
    let h = &toks[..head];
    let other = |x: &Tok, own: &[&str]| is_word(x, OTHER_THINGS) && !is_word(x, own);
    let items = items_counted(tool);
    let limit = args_of(tool).any(|a| a.name == "limit");
    let page = args_of(tool).any(|a| a.name == "page");
    let specialty = args_of(tool).any(|a| a.words == SPECIALTY_WORDS);
    for (k, t) in h.iter().enumerate() {
        let next = |n: usize| {
            h[k + 1..]
                .iter()
                .take(n)
                .find(|x| !is_word(x, &["the", "a", "an", "one", "of"]))
        };
        // (the count's own word: "Maximum count of X", "Highest number of X")
        let counted_thing = |n: usize| {
            h[k + 1..].iter().take(n).find(|x| {
                !is_word(
                    x,
                    &[
                        "the", "a", "an", "one", "of", "number", "count", "amount", "total",
                    ],
                )
            })
        };
        // "Most X", "Maximum number of X", "X per page"
        let counted = if limit
            && is_word(
                t,
                &[
                    "most", "maximum", "max", "highest", "greatest", "largest", "upper",
                ],
            ) {
            counted_thing(4)
        } else if limit && PAGED.contains(&tool) && is_word_at(h, k + 1, &["per"]) {
            Some(t)
        } else {
            None
        };
        if let Some(x) = counted.filter(|x| other(x, items)) {
            push(
                out,
                Rule::Directive,
                x,
                format!(
                    "a count to return said to count {}: the server's `limit` of {tool} counts {}",
                    x.text,
                    items.last().unwrap_or(&"its answer")
                ),
            );
            return;
        }
        // "Week number", "Number of the day"
        // (the number of a page's items is its size: "Number of appointments per page")
        let of_page: &[&str] = &["page", "pages", "appointment", "appointments"];
        let numbered = page
            && is_word(t, &["number", "index"])
            && !h.iter().any(|x| is_word(x, &["per"]))
            && (k >= 1 && other(&h[k - 1], of_page) || next(2).is_some_and(|x| other(x, of_page)));
        if numbered {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the page of {tool} said to be the number of another thing: it is a page of the list"
                ),
            );
            return;
        }
        // "Exact name of a clinic", "Clinic name"
        if specialty && is_word(t, &["name", "names"]) {
            let of = next(3).filter(|_| is_word_at(h, k + 1, &["of"]));
            let before = k.checked_sub(1).map(|j| &h[j]);
            if let Some(x) = of.or(before).filter(|x| other(x, SPECIALTY_WORDS)) {
                push(
                    out,
                    Rule::Directive,
                    x,
                    format!(
                        "a name said to be of a {}: the only name {tool} takes is a specialty's",
                        x.text
                    ),
                );
                return;
            }
        }
    }
}
