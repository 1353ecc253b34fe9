//! What each tool takes: its arguments' defaults, bounds, requirement and absence.

use super::forms::form_misstated;
use super::*;

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
            let opening = n == 0
                && k <= 3
                && s.get(1..k)
                    .is_none_or(|r| r.iter().all(|x| x.kind == Kind::Word));
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

/// The argument a text is about: the first its head (its first clause) names ("Most slots to
/// return, …", "Reason for the rejection, …").
fn subject_of(toks: &[Tok], tool: &str) -> Option<&'static Arg> {
    let (_, end) = clause_at(toks, 0);
    (0..end).find_map(|j| args_of(tool).find(|a| names(toks, j, a)))
}

/// What a text says of the arguments in [`ARGS`]: their defaults, bounds, whether they are
/// required, their forms, the case of a specialty and the end of the slot search's window.
pub(crate) fn args_misstated(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
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
        // ("counted from 1, not from 0": a start denied is any but the range's own)
        let denied = first >= 2
            && is_word(&s[first - 1], &["from"])
            && is_word(&s[first - 2], &["not", "never"]);
        let fits = match form {
            Said::AtLeast if denied => n != lo,
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

/// What the slot search does without both `doctor_id` and `specialty`, said narrowed ("Without
/// both, the patient's own doctor is searched", "When neither is given, the usual doctor"): it
/// then searches every doctor the clinic API lists, so the agent told otherwise offers another
/// doctor's slots as the patient's own doctor's. A doctor said with a word of the whole
/// ("every doctor", "all doctors") is the truth; one denied ("not one doctor") is no narrowing.
pub(super) fn absent_narrowed(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if tool != SLOT_SEARCH {
        return;
    }
    const ABSENCE: &[&str] = &[
        "without",
        "neither",
        "absent",
        "omitted",
        "missing",
        "unset",
        "none",
        "nothing",
        "otherwise",
        "lacking",
        "unless",
    ];
    let Some(a) = s
        .iter()
        .position(|x| is_word(x, ABSENCE) || is_word(x, &["no"]) && !is_word_at(s, 0, &["no"]))
    else {
        return;
    };
    let both = s.iter().any(|x| {
        is_word(
            x,
            &[
                "both", "neither", "either", "none", "nothing", "nor", "filter", "filters",
            ],
        )
    }) || s.iter().any(|x| x.text == "doctor_id")
        && s.iter().any(|x| is_word(x, &["specialty"]));
    if !both {
        return;
    }
    let rest = &s[a + 1..];
    const WHOLE: &[&str] = &[
        "every",
        "all",
        "each",
        "any",
        "whole",
        "entire",
        "whichever",
    ];
    const NARROW: &[&str] = &[
        "own",
        "usual",
        "regular",
        "family",
        "nearest",
        "last",
        "preferred",
        "assigned",
        "previous",
        "favourite",
        "favorite",
        "personal",
        "default",
        "current",
        "same",
    ];
    for (k, x) in rest.iter().enumerate() {
        let denied = rest[..k]
            .iter()
            .any(|y| is_word(y, NEGATIONS) || is_word(y, &["no"]));
        if denied {
            return;
        }
        // (a number of doctors is no narrowing: "a search of too many doctors gives an error")
        let doctor = is_word(x, &["doctor", "doctors"])
            && !rest[k.saturating_sub(3)..k].iter().any(|y| {
                is_word(y, WHOLE)
                    || is_word(y, &["many", "more", "fewer", "most"])
                    || y.kind == Kind::Ident
            })
            && !(is_word_at(rest, k + 1, &["of"]) && is_word_at(rest, k + 2, WHOLE));
        if doctor
            || is_word(x, NARROW)
            || x.possessive && is_word(x, &["patient", "caller", "user"])
        {
            push(
                out,
                Rule::Directive,
                x,
                "what the slot search does without `doctor_id` and `specialty` said narrowed: it then searches every doctor the clinic API lists".to_owned(),
            );
            return;
        }
    }
}

/// How long the intake's symptoms have lasted (`duration_days`) said to count forward to an
/// event ("Days until the visit", "days left before the appointment", "the days to the
/// booking"): it is how many days the symptoms have lasted, back from the intake, so the doctor
/// reads a patient's long illness as a countdown. Read on a tool of the intake, in a sentence of
/// days.
pub(super) fn duration_said_forward(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !tool.split('_').any(|p| p == "intake" || p == "intakes") {
        return;
    }
    if !s
        .iter()
        .any(|x| is_word(x, &["day", "days", "duration", "lasted"]) || x.text == "duration_days")
    {
        return;
    }
    const FORWARD: &[&str] = &[
        "until", "till", "before", "to", "ahead", "prior", "toward", "towards", "awaiting",
        "pending",
    ];
    const LEFT: &[&str] = &[
        "left",
        "remaining",
        "remain",
        "countdown",
        "go",
        "more",
        "away",
    ];
    const EVENTS: &[&str] = &[
        "visit",
        "visits",
        "appointment",
        "appointments",
        "booking",
        "slot",
        "consultation",
        "exam",
        "examination",
        "treatment",
        "surgery",
        "operation",
        "checkup",
        "review",
        "meeting",
        "admission",
        "call",
        "arrival",
    ];
    for (k, x) in s.iter().enumerate() {
        // (of the days themselves: "Days until the visit", "the days left before the
        // appointment", not "Record the symptoms before the visit: … for how many days")
        // ("lasted before the visit" counts back from the visit: how long they have lasted)
        let of_days = s[k.saturating_sub(4)..k]
            .iter()
            .any(|y| is_word(y, &["day", "days", "duration"]) || y.text == "duration_days")
            && s[k.saturating_sub(4)..k]
                .iter()
                .skip_while(|y| !is_word(y, &["day", "days", "duration"]))
                .skip(1)
                .all(|y| {
                    is_word(
                        y,
                        &[
                            "left",
                            "remaining",
                            "remain",
                            "remains",
                            "to",
                            "go",
                            "more",
                            "still",
                            "are",
                            "is",
                            "counted",
                            "counting",
                            "count",
                        ],
                    )
                });
        let forward = of_days && is_word(x, FORWARD) && {
            let mut j = k + 1;
            while is_word_at(s, j, DETERMINERS)
                || is_word_at(s, j, &["of", "next", "coming", "planned", "booked"])
            {
                j += 1;
            }
            is_word_at(s, j, EVENTS)
        };
        let left = is_word(x, LEFT)
            && k >= 1
            && (is_word(&s[k - 1], &["days", "day"])
                || is_word(&s[k - 1], &["to"]) && is_word(x, &["go"]));
        if forward || left {
            push(
                out,
                Rule::Directive,
                x,
                "how long the symptoms have lasted said to count forward: `duration_days` is how many days the symptoms have lasted".to_owned(),
            );
            return;
        }
    }
}
