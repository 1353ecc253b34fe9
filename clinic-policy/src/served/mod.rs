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

mod args;
mod flags;
mod forms;
mod lists;
mod names;
mod order;
mod scope;
mod texts;
mod totals;
mod window;
mod work;

pub(crate) use self::args::args_misstated;
pub(crate) use self::args::one_id_said_many;
use self::flags::flag_inverted;
use self::forms::id_form_misstated;
pub(crate) use self::lists::cap_denied;
pub(crate) use self::lists::doctor_cap_misstated;
use self::lists::{
    capped_list_said_complete, capped_list_said_whole, excerpt_length_misstated,
    exclusive_said_together, limit_said_per_other, whole_list_paged,
};
pub(crate) use self::names::arg_meaning_swapped;
pub(crate) use self::names::name_misstates_arg;
use self::order::{
    order_by_id_reversed, order_by_name_misstated, order_said_chosen, ranking_misstated,
};
pub(crate) use self::texts::{SCREENED_HEADS, SCREENED_KINDS, answered_texts};
pub(crate) use self::totals::absence_misread;
use self::totals::{
    filtered_text, local_absence_misread, of_a_time, page_glossed, page_said_a_span, paged_text,
    total_of_a_page, total_past_upcoming, totals_swapped, upcoming_keeps_what_it_drops,
    upcoming_status_misstated,
};
use self::window::{
    clinics_said_one_zone, count_beyond_window, count_over_another_span,
    served_time_said_clinic_hour, serves_times, utc_example_said_local, utc_said_local,
    window_bound_said_an_event, window_bounds_misread, window_edge_misstated, window_misstated,
    window_said_local,
};
use self::work::{
    api_does_servers_work, apis_count_said_servers, count_of_people, count_set_misnamed,
    doctors_narrowed, server_does_apis_work, slot_count_of_the_answer, span_narrowed,
};

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
        // (of the clinics a protocol belongs to, never of who may apply it or what it is for)
        about: &[
            "shared",
            "share",
            "shares",
            "sharing",
            "every",
            "all",
            "common",
            "any",
            "clinic",
            "clinics",
            "clinicid",
            "clinic_id",
            "network",
            "global",
            "general",
            "whole",
            "each",
            "own",
            "only",
            "private",
            "local",
            "belongs",
            "belong",
            "owned",
            "owner",
            "nobody",
            "none",
        ],
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
        // (of when an appointment starts and whether it was cancelled or rejected)
        about: &[
            "upcoming",
            "future",
            "ahead",
            "after",
            "now",
            "later",
            "coming",
            "next",
            "yet",
            "start",
            "starts",
            "starting",
            "begin",
            "begins",
            "past",
            "cancelled",
            "canceled",
            "rejected",
            "active",
            "today",
            "tomorrow",
            "only",
            "all",
            "every",
            "each",
            "any",
            "time",
            "times",
            "date",
            "dates",
            "status",
            "statuses",
        ],
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
/// ([`crate::facts::lists_over_all_time`]); `doctors_only`: its callers are the doctors alone
/// ([`crate::facts::callers_of`]).
pub(super) fn served_misstated(
    text: &str,
    toks: &[Tok],
    tool: &str,
    (lists_over_all_time, doctors_only): (bool, bool),
    out: &mut Vec<Violation>,
) {
    // (the sentences, split at `.`, `;`, `!`, `?` and line breaks; a colon joins a label to its
    // value: "Default: 7 days")
    args_misstated(text, toks, tool, out);
    // (read over the whole text: a gloss or a reading at the clinic goes on past a `;`)
    if PAGED.contains(&tool) {
        page_glossed(toks, out);
    }
    if has_route(tool) {
        clinics_said_one_zone(text, toks, out);
    }
    let sentences = toks.split(|t| t.kind == Kind::Stop && t.text != ":");
    for s in sentences.filter(|s| !s.is_empty()) {
        flag_inverted(s, tool, out);
        if tool == SLOT_SEARCH {
            window_misstated(text, s, out);
            window_said_local(s, out);
            window_bound_said_an_event(s, out);
            count_beyond_window(s, out);
            count_over_another_span(s, out);
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
            totals_swapped(s, out);
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
        utc_said_local(s, out);
        scope::clinic_scope_widened(s, tool, doctors_only, out);
        if serves_times(tool) {
            served_time_said_clinic_hour(toks, s, out);
        }
        // (a page or a total already read as another count is that reading's)
        if PAGED.contains(&tool) && !out.iter().any(|v| v.rule == Rule::Directive) {
            page_said_a_span(s, out);
        }
        args::absent_narrowed(s, tool, out);
        args::duration_said_forward(s, tool, out);
    }
}

/// Words that say an argument is not given: its value then is its default.
const ABSENT: &[&str] = &["absent", "omitted", "missing", "unset"];

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

/// The lists whose order the contract or the server fixes: the doctors by id (`GET /doctors`),
/// the specialties by name and the slots earliest first (sorted by the server).
const FIXED_ORDER: &[&str] = &["list_doctors", "list_specialties", SLOT_SEARCH];

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

/// Whether the token names an argument of the tool that is a person's or a search's text (a
/// search's words, symptoms, a reason, a note): one the schema holds to a length only.
pub(crate) fn names_text_arg(tool: &str, t: &Tok) -> bool {
    args_of(tool).any(|a| {
        (a.form == Form::Written || a.name == "query") && (t.text == a.name || is_word(t, a.words))
    })
}

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

/// Does a served tool take a text a person writes (an intake's symptoms, a rejection's reason,
/// an escalation's note)?
pub(crate) fn takes_written(tool: &str) -> bool {
    args_of(tool).any(|a| a.form == Form::Written)
}

/// The arguments of a tool.
pub(crate) fn args_of(tool: &str) -> impl Iterator<Item = &'static Arg> + '_ {
    ARGS.iter().filter(move |a| a.tool == tool)
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

/// Whether a word at `k` is denied by a word shortly before it ("not required", "no spaces").
pub(super) fn denied(s: &[Tok], k: usize) -> bool {
    s[k.saturating_sub(3)..k]
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
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

/// The route of the clinic API each served tool calls (`clinic-mcp/src/tools/*.rs`; the
/// specialties are counted from `GET /doctors`, the contract having no route of them).
#[rustfmt::skip]
pub const ROUTES: &[(&str, &str)] = &[
    ("list_specialties", "GET /doctors"),
    ("list_doctors", "GET /doctors"),
    ("find_available_slots", "GET /doctors/:id/slots"),
    ("list_my_appointments", "GET /appointments/my"),
    ("get_appointment", "GET /appointments/:id"),
    ("book_appointment", "POST /appointments"),
    ("reschedule_appointment", "PATCH /appointments/:id/reschedule"),
    ("cancel_appointment", "PATCH /appointments/:id/cancel"),
    ("record_intake", "POST /appointments/:id/intake"),
    ("list_doctor_schedule", "GET /appointments/doctor"),
    ("confirm_appointment", "PATCH /appointments/:id/confirm"),
    ("reject_appointment", "PATCH /appointments/:id/reject"),
    ("search_protocols", "GET /protocols"),
    ("escalate_to_oncall", "PATCH /appointments/:id/escalate"),
];

/// Whether the clinic API has a route for the tool: a served tool's from [`ROUTES`]; any
/// other's by the contract's objects its name holds (doctors, slots, appointments and their
/// acts, intakes, protocols). The contract has no route of a clinic's hours or a waiting list.
pub fn has_route(tool: &str) -> bool {
    if role_of(tool).is_some() {
        return ROUTES.iter().any(|(t, _)| *t == tool);
    }
    let parts: Vec<&str> = tool.split('_').collect();
    let has = |w: &[&str]| parts.iter().any(|p| w.contains(p));
    if has(&["hours", "waiting", "position"]) {
        return false;
    }
    matches!(
        parts.first().copied(),
        Some(
            "book"
                | "reschedule"
                | "move"
                | "search"
                | "cancel"
                | "confirm"
                | "reject"
                | "escalate"
        )
    ) || has(&[
        "my",
        "specialties",
        "slot",
        "slots",
        "appointment",
        "intake",
        "protocol",
        "doctors",
        "doctor",
    ])
}

/// The role a tool of this server declares (`Some(None)`: a public tool; `None`: not a tool of
/// this server).
pub fn role_of(tool: &str) -> Option<Option<&'static str>> {
    ROLES.iter().find(|(t, _)| *t == tool).map(|&(_, r)| r)
}

/// Doctors one slot search may cover: one call makes at most 64 requests to the clinic API
/// (`clinic-mcp` `session::DEFAULT_MAX_REQUESTS_PER_CALL`), one for the doctor list and one per
/// doctor.
pub const SEARCH_DOCTOR_CAP: u32 = 63;

/// The tools of this server that may answer an error code (any case), from the routes and checks
/// of each tool; `None` for a code any tool may answer.
pub fn tools_answering(code: &str) -> Option<&'static [&'static str]> {
    crate::codes::tools_answering(&code.to_ascii_lowercase())
}
