//! The bounds the clinic API holds what a person says, and the care scale, to: an intake's
//! symptoms 1 to 1000 characters, its days 0 to 3650 and its severity 0 to 10 (with the triage
//! bands), a rejection's reason 1 to 200 characters and an escalation's note 1 to 500. A length
//! or a range said otherwise makes the agent cut what the patient or the doctor says, or refuse
//! a value the clinic takes ("The symptoms, 1 to 100 characters", "severity, 0 to 5", whose top
//! is never urgent). A value the contract does not give the route (an intake's insurance number,
//! a booking's reason) has the server's bounds, and whether the tool may take it is the table of
//! data's question; a search, a page, a key and an id keep the server's bounds too.

use super::TRIAGE_BANDS;
use super::callers::has_a_route;
use crate::lang::data::data_kind;
use crate::lang::words::*;
use crate::scales::said::*;
use crate::types::{Rule, Violation};

/// Most characters of one string of an answer: the server's output screen cuts a longer one
/// (`clinic-mcp` `screen::MAX_CHARS`).
const ANSWER_STRING_CHARS: u32 = 1000;

/// One value of a route: the words that name it, and its length or the ranges of its number.
struct Value {
    words: &'static [&'static str],
    chars: Option<(u32, u32)>,
    numbers: &'static [(u32, u32)],
}

const SYMPTOMS: Value = Value {
    words: &["symptom", "symptoms"],
    chars: Some((1, 1000)),
    numbers: &[],
};
const DAYS: Value = Value {
    words: &["days", "duration", "lasted"],
    chars: None,
    numbers: &[(0, 3650)],
};
/// Severity, its whole scale first, then its triage bands: routine, elevated, urgent.
const SEVERITY: Value = Value {
    words: &["severity", "severe"],
    chars: None,
    numbers: &[
        (0, 10),
        (TRIAGE_BANDS[0].1, TRIAGE_BANDS[0].2),
        (TRIAGE_BANDS[1].1, TRIAGE_BANDS[1].2),
        (TRIAGE_BANDS[2].1, TRIAGE_BANDS[2].2),
    ],
};
/// What a doctor writes on a rejection or an escalation.
const WRITTEN: &[&str] = &[
    "reason",
    "reasons",
    "note",
    "notes",
    "message",
    "explanation",
];
const REASON: Value = Value {
    words: WRITTEN,
    chars: Some((1, 200)),
    numbers: &[],
};
const NOTE: Value = Value {
    words: WRITTEN,
    chars: Some((1, 500)),
    numbers: &[],
};

/// The values of the route a tool stands for, by the words of its name and its effects; empty
/// for any other tool.
fn values(tool: &str) -> &'static [Value] {
    let effects = own_effects(tool);
    if tool.split('_').any(|w| matches!(w, "intake" | "intakes")) {
        &[SYMPTOMS, DAYS, SEVERITY]
    } else if effects.contains(&"reject") {
        &[REASON]
    } else if effects.contains(&"escalate") {
        &[NOTE]
    } else {
        &[]
    }
}

/// Whether a word after a number makes it no value of a route: a time other than days (the
/// intake's one unit), a share, a dose.
fn other_unit(x: &Tok) -> bool {
    is_word(x, TIME_UNITS) && !is_word(x, &["day", "days"])
        || is_word(x, &["h", "ms", "percent", "mg", "kg", "cm"])
}

/// The ranges a value's number may be said with in a clause: its own, and the bands after it
/// where a triage level is named ("`urgent` for 8 to 10"; "Severity, 0 to 4" cuts the scale).
fn ranges<'v>(v: &'v Value, clause: &[Tok]) -> impl Iterator<Item = &'v (u32, u32)> {
    let levels = levels_named(clause);
    v.numbers
        .iter()
        .take(if levels { v.numbers.len() } else { 1 })
}

/// Whether a clause names the triage or one of its levels: its severities are then its bands'.
fn levels_named(clause: &[Tok]) -> bool {
    clause
        .iter()
        .any(|x| is_word(x, &["triage"]) || is_word(x, &super::TRIAGE_LEVELS))
}

/// Nouns of the server's own values (a key, a search, a page, an id): a number they own keeps
/// the server's bounds, not a value's of the contract ("A key of 8 to 128 characters").
const SERVERS: &[&str] = &[
    "key",
    "keys",
    "idempotency",
    "query",
    "search",
    "page",
    "pages",
    "id",
    "ids",
    "uuid",
    "token",
];
/// Whether the number at `first` is the server's own: the nearest noun before it in its clause
/// that owns a number is a key, a search, a page or an id, not a value of the route ("A key of
/// 8 to 128 characters", but "The symptoms, up to 100 characters, the limit of the form"); with
/// none before it, the nearest after it.
fn servers_own(clause: &[Tok], first: usize, all: &[Value]) -> bool {
    let of_a_value = |x: &Tok| all.iter().any(|v| is_word(x, v.words));
    // (a server noun in a place or a likeness of a value named before it is the value's, not an
    // owner: "Severity of the symptoms on the intake page, at most 5", "as on the search page")
    let complement = |j: usize| {
        clause[j.saturating_sub(3)..j]
            .iter()
            .any(|x| is_word(x, &["on", "in", "of", "as", "like", "from", "at"]))
            && clause[..j].iter().any(of_a_value)
    };
    let owner = |j: usize| {
        let x = &clause[j];
        if is_word(x, SERVERS) && !complement(j) {
            Some(true)
        } else if of_a_value(x) {
            Some(false)
        } else {
            None
        }
    };
    (0..first)
        .rev()
        .find_map(owner)
        .or_else(|| (first..clause.len()).find_map(owner))
        .unwrap_or(false)
}

/// A length or a range said of a value the contract holds otherwise ("The symptoms, 1 to 100
/// characters", "For how many days, 0 to 30", "Severity, at most 5", "Severity, 5 or less",
/// "Severity, out of 5", "Reason for the rejection, 1 to 20 characters", "at most 20 words"):
/// it is read against the values of the route that its clause names, or the text names. A
/// length alone may be either end of the value's ("max. 1000 characters", "1 character
/// minimum"); a number alone is read when said as an end ("at most", "or more", "for the
/// worst") or the top of a scale ("out of 10").
pub(super) fn bound_misstated(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !has_a_route(tool) {
        return;
    }
    let all = values(tool);
    let names = |part: &[Tok]| -> Vec<&Value> {
        all.iter()
            .filter(|v| part.iter().any(|t| is_word(t, v.words)))
            .collect()
    };
    // (a text that names no value, on a route with one text, is of that text: "Why the case is
    // urgent, 1 to 50 characters"; unless it names data the table lets the server add, "Health
    // insurance number, 1 to 40 characters", "Allergies of the patient")
    let mut in_text = names(toks);
    let texts: Vec<&Value> = all.iter().filter(|v| v.chars.is_some()).collect();
    if in_text.is_empty()
        && texts.len() == 1
        && !toks
            .iter()
            .any(|x| x.kind == Kind::Word && data_kind(&x.text, false).is_some())
    {
        in_text = texts;
    }
    if in_text.is_empty() {
        return;
    }
    for (k, t) in toks.iter().enumerate() {
        let Some((n, first)) = number(toks, k, text) else {
            continue;
        };
        // (a thousands group is read once, at its last part)
        if number(toks, k + 2, text).is_some_and(|(_, f)| f <= k) {
            continue;
        }
        // the clause of the number: its values, or the text's
        let start = (0..first)
            .rev()
            .find(|&j| toks[j].kind == Kind::Stop)
            .map_or(0, |j| j + 1);
        let end = (k..toks.len())
            .find(|&j| toks[j].kind == Kind::Stop)
            .unwrap_or(toks.len());
        let clause = &toks[start..end];
        if servers_own(clause, first - start, all) {
            continue;
        }
        let here = names(clause);
        let named = if here.is_empty() { &in_text } else { &here };
        let next = toks.get(k + 1);
        let counted = next.is_some_and(|x| is_word(x, COUNTED_UNITS));
        let length = counted || next.is_some_and(|x| is_word(x, LENGTH_UNITS));
        let form = said(toks, first, k, text);
        // (a value said as the only one: "exactly 200 characters" is a length of 200 alone, and
        // "urgent only at 10" a band of 10 alone; "only 200 characters" is a cap, and "only 1
        // intake" no value of a band)
        let sole = said_sole(toks, first, k);
        let refused = said_refused(toks, text, start, first, k, end);
        if next.is_some_and(other_unit) {
            // (the intake's days said as an upper end in weeks, months or years: "up to one
            // year", "at most 4 weeks"; it fits within one of its unit, "up to 10 years")
            let per = next.and_then(|x| match x.text.as_str() {
                "week" | "weeks" => Some(7),
                "month" | "months" => Some(30),
                "year" | "years" => Some(365),
                _ => None,
            });
            let top = named
                .iter()
                .find(|v| v.words == DAYS.words)
                .and_then(|v| v.numbers.first());
            if let (Some(per), Some(&(_, hi))) = (per, top)
                && matches!(form, Said::AtMost | Said::Below | Said::Range(_))
                && (n * per).abs_diff(hi) >= per
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "a length or a range the clinic API does not hold this value to: it holds the days to 0 to {hi}"
                    ),
                );
                return;
            }
            continue;
        }
        let hedged = toks[first.saturating_sub(3)..first]
            .iter()
            .any(|x| is_word(x, NO_BOUND));
        // (a count of words said as an estimate beside the length in characters is no bound:
        // "1 to 1000 characters (about 150 to 200 words)")
        let fits = if counted {
            hedged && clause.iter().any(|x| is_word(x, LENGTH_UNITS))
        } else if length {
            named
                .iter()
                .filter_map(|v| v.chars)
                .any(|(lo, hi)| match form {
                    _ if refused => refused_fits(form, n, lo, hi),
                    Said::Range(l) => (l, n) == (lo, hi),
                    Said::AtMost | Said::Scale => n == hi,
                    Said::Below => n == hi || n == hi + 1,
                    Said::AtLeast => n == lo,
                    Said::Above => n == lo || n + 1 == lo,
                    Said::Lower => true,
                    Said::Alone if matches!(sole, Some("exactly" | "precisely")) => {
                        (lo, hi) == (n, n)
                    }
                    Said::Alone => hedged || n == lo || n == hi,
                })
        } else {
            // (a range of numbers, or one end: the intake's days and severity, and a triage band
            // where its level is named)
            let banded = sole.is_some() && levels_named(clause);
            let end = |&(lo, hi): &(u32, u32)| match form {
                _ if refused => refused_fits(form, n, lo, hi),
                Said::Range(l) => (l, n) == (lo, hi),
                Said::AtMost | Said::Scale => n == hi,
                Said::Below => n == hi || n == hi + 1,
                Said::AtLeast => n == lo,
                Said::Above => n == lo || n + 1 == lo,
                Said::Alone if banded => (lo, hi) == (n, n),
                Said::Lower | Said::Alone => true,
            };
            named.iter().any(|v| ranges(v, clause).any(end))
                || !matches!(form, Said::Range(_)) && named.iter().all(|v| v.numbers.is_empty())
        };
        if fits {
            continue;
        }
        let said: Vec<String> = named
            .iter()
            .filter_map(|v| v.chars)
            .map(|(lo, hi)| format!("{lo} to {hi} characters"))
            .chain(
                named
                    .iter()
                    .flat_map(|v| v.numbers)
                    .map(|(lo, hi)| format!("{lo} to {hi}")),
            )
            .collect();
        let detail = format!(
            "a length or a range the clinic API does not hold this value to: it holds what the text names to {}",
            said.join(", ")
        );
        push(out, Rule::Directive, t, detail);
        return;
    }
}

/// Words that say a value is refused after its phrase ("a reason longer than 200 characters is
/// refused", "… are rejected", "… fails", "… gives `INVALID_ARGUMENTS`"), or before it, as the
/// act of the server ("the server refuses a reason over 200 characters").
const REFUSED: &[&str] = &[
    "refused",
    "rejected",
    "declined",
    "disallowed",
    "invalid",
    "fails",
    "fail",
    "errs",
    "error",
];
const REFUSES: &[&str] = &["refuses", "rejects", "declines", "disallows"];

/// Whether the number at `first..=k` of the clause `start..end` is said of what is refused: a
/// word of refusal, or an answer that is an error or a refusing code, in the number's own phrase
/// (to the next comma), none denied ("is not refused", "gives no error"). The bound is then the
/// one past the number: "longer than 200 characters is refused" holds the value to at most 200.
fn said_refused(
    toks: &[Tok],
    text: &str,
    start: usize,
    first: usize,
    k: usize,
    end: usize,
) -> bool {
    let comma = |j: &usize| toks[*j].kind == Kind::Comma;
    let from = (start..first).rev().find(comma).map_or(start, |j| j + 1);
    let to = (k + 1..end).find(comma).unwrap_or(end);
    let denied = |xs: &[Tok]| {
        xs.iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "never", "without"]))
    };
    let after = (k + 1..to).find(|&j| {
        let x = &toks[j];
        is_word(x, REFUSED)
            || crate::codes::capital_code(x, text) && crate::codes::refused_code(&x.text)
    });
    let before = (from..first).find(|&j| is_word(&toks[j], REFUSES));
    after.is_some_and(|j| !denied(&toks[k + 1..j]))
        || before.is_some_and(|j| !denied(&toks[from..j]))
}

/// Whether a number said of what is refused leaves the value's own range `lo..=hi` taken: the
/// refused side's end is the taken side's other one ("over 200 refused": at most 200; "200 or
/// more refused": at most 199; "under 1 refused": at least 1; "out of 10 and any more refused":
/// at most 10), and a value or a range refused lies outside it.
fn refused_fits(form: Said, n: u32, lo: u32, hi: u32) -> bool {
    match form {
        Said::Above => n == hi,
        Said::AtLeast => n == hi + 1,
        Said::Below => n == lo,
        Said::AtMost => n + 1 == lo,
        Said::Range(l) => n < lo || l > hi,
        Said::Alone => n < lo || n > hi,
        Said::Scale => n == hi,
        Said::Lower => true,
    }
}

/// Words that say a text is of the severity and its triage, where a triage level's numbers are
/// severities.
const GRADED: &[&str] = &[
    "severity", "severe", "triage", "level", "levels", "scale", "score",
];

/// A triage level said with a severity outside its band, quoted or not, in digits or in words
/// ("urgent (5 or more)", "urgent from 6", "A severity of 6 or more is urgent", "7 is urgent",
/// "a severity of eight gives the triage level `elevated`"): the clinic API computes severity 8
/// or more `urgent`, 5 or more `elevated`, else `routine`, and a text that moves a band makes
/// the agent tell a patient an urgent case is not. A severity is read in its phrase (to the
/// next comma or sentence), against the nearest level before it and the nearest after it; it
/// fits when it fits either, as the band's range, its own end ("8 or more", "over 7", "under 5",
/// "up to 4"), or a value in it, unless said as the only one ("urgent only at 10", "exactly 9"),
/// which is the whole band; the whole scale ("0 to 10") and its top ("of 10") fit any.
pub(super) fn band_misstated(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !has_a_route(tool) || !toks.iter().any(|x| is_word(x, GRADED)) {
        return;
    }
    // (a level denied is no band of its own: "under 8 is not urgent", "non-urgent")
    let level = |j: usize| {
        let x = &toks[j];
        let denied = j >= 1 && is_word(&toks[j - 1], &["not", "non", "no", "never"]);
        TRIAGE_BANDS
            .iter()
            .find(|b| !denied && x.kind == Kind::Word && x.text == b.0)
    };
    let edge = |x: &Tok| x.kind == Kind::Stop && x.text != ":" || x.text == ",";
    for (k, t) in toks.iter().enumerate() {
        let Some((n, first)) = number(toks, k, text) else {
            continue;
        };
        // (a thousands group, a status, a year or a number of some unit is no severity)
        if number(toks, k + 2, text).is_some_and(|(_, f)| f <= k)
            || n > 99
            || toks.get(k + 1).is_some_and(|x| {
                other_unit(x)
                    || is_word(x, LENGTH_UNITS)
                    || is_word(x, COUNTED_UNITS)
                    || is_word(x, &["day", "days"])
            })
        {
            continue;
        }
        let start = (0..first)
            .rev()
            .find(|&j| edge(&toks[j]))
            .map_or(0, |j| j + 1);
        let end = (k..toks.len())
            .find(|&j| edge(&toks[j]))
            .unwrap_or(toks.len());
        let before = (start..first).rev().find_map(level);
        let after = (k + 1..end).find_map(level);
        if before.is_none() && after.is_none() {
            continue;
        }
        let form = said(toks, first, k, text);
        // (a value said as the only one is the whole band: "urgent only at 10" is 10..=10)
        let sole = said_sole(toks, first, k).is_some();
        let fits = |&&(_, lo, hi): &&(&str, u32, u32)| match form {
            Said::Range(l) => (l, n) == (lo, hi) || (l, n) == (0, 10),
            Said::AtMost => n == hi,
            Said::Below => n == hi + 1,
            Said::AtLeast => n == lo,
            Said::Above => n + 1 == lo,
            Said::Alone if sole => (lo, hi) == (n, n),
            Said::Alone => (lo..=hi).contains(&n),
            Said::Scale => n == hi,
            Said::Lower => true,
        };
        // (the top of the scale named after a value: "7 of 10")
        let of_scale = n == 10
            && first >= 2
            && is_word(&toks[first - 1], &["of"])
            && (toks[first - 2].text == "(" || number(toks, first - 2, text).is_some());
        // (a number the bounds of its value already refuse is said once)
        let said_once = out.iter().any(|v| v.range == (t.start..t.end));
        if of_scale || said_once || before.iter().chain(after.iter()).any(fits) {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "a triage level said with another band of severity: the clinic API computes 8 or more `urgent`, 5 or more `elevated`, else `routine`".to_owned(),
        );
        return;
    }
}

/// A bound said to bend instead of refusing ("only its first 200 characters are kept", "a larger
/// number is read as 100", "0 is read as the default"): the server checks every argument
/// against its schema's bounds and answers `INVALID_ARGUMENTS` before any request; no argument
/// is cut, clamped or read as another value. What the server itself shortens is of an answer
/// (a protocol's excerpt, and every string of an answer, which the output screen cuts at
/// [`ANSWER_STRING_CHARS`]), never of an argument.
/// `bounded_arg`: the tool takes an argument with bounds (`served::ARGS`, read by the caller);
/// `answer`: the text describes a field of the tool's answer.
pub(super) fn bound_bent(
    text: &str,
    toks: &[Tok],
    tool: &str,
    bounded_arg: bool,
    answer: bool,
    out: &mut Vec<Violation>,
) {
    if !bounded_arg && values(tool).is_empty() {
        return;
    }
    for clause in toks.split(|t| t.kind == Kind::Stop) {
        let n = clause.len();
        // (the protocol's excerpt is the server's own shortening, of an answer)
        let protocol_text = clause.iter().any(|x| is_word(x, &["excerpt", "excerpts"]))
            || clause
                .iter()
                .any(|x| is_word(x, &["protocol", "protocols"]))
                && clause.iter().any(|x| is_word(x, &["text"]));
        if protocol_text {
            continue;
        }
        // "only its first 200 characters are kept / searched / read"
        let cut = (0..n).find(|&k| {
            is_word(&clause[k], &["first", "last"])
                && number(clause, k + 1, text).is_some()
                && clause[k + 1..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, &["characters", "chars", "letters", "words"]))
                && clause[k + 2..].iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "kept", "searched", "read", "used", "stored", "sent", "saved", "taken",
                            "matched",
                        ],
                    )
                })
        });
        // "… is cut / truncated / clamped …" said of a length or a number
        let clipped = (0..n).find(|&k| {
            is_word(
                &clause[k],
                &[
                    "cut",
                    "truncated",
                    "shortened",
                    "clamped",
                    "capped",
                    "trimmed",
                ],
            ) && clause
                .iter()
                .any(|x| is_word(x, &["characters", "chars", "number", "value", "text"]))
        });
        // (a number out of the bounds: "a larger number", "more than 100")
        let beyond = |k: usize| {
            clause[..k].iter().any(|x| {
                is_word(
                    x,
                    &[
                        "larger", "higher", "greater", "bigger", "smaller", "lower", "longer",
                        "shorter", "more", "less", "fewer", "above", "below", "over", "under",
                        "zero", "negative", "beyond", "outside",
                    ],
                )
            })
        };
        // "a larger number is read as 100", "0 is read as the default"
        let read_as = (1..n).find(|&k| {
            is_word(
                &clause[k],
                &["read", "treated", "taken", "counted", "used", "rounded"],
            ) && is_word_at(clause, k + 1, &["as", "to", "down", "up"])
                && (number(clause, k + 2, text).is_some()
                    || is_word_at(clause, k + 2, &["the", "its"])
                        && is_word_at(
                            clause,
                            k + 3,
                            &[
                                "default", "maximum", "minimum", "largest", "smallest", "highest",
                                "lowest", "limit", "top", "most", "least", "bound",
                            ],
                        ))
                && ((0..k).any(|j| number(clause, j, text).is_some_and(|(v, _)| v == 0))
                    || beyond(k))
        });
        // ("Clinic name, truncated to 1000 characters" of an answer's field: the output screen
        // cuts each string of an answer at its cap, and a cut said at any other length, or of
        // a number, is still read)
        let screens_cut = answer
            && !clause.iter().any(|x| is_word(x, &["number", "value"]))
            && (0..n)
                .all(|j| number(clause, j, text).is_none_or(|(v, _)| v == ANSWER_STRING_CHARS));
        let cut = cut.or(clipped).filter(|_| !screens_cut);
        if let Some(k) = cut.or(read_as) {
            push(
                out,
                Rule::Directive,
                &clause[k],
                "a bound said to cut or clamp a value: the server checks each argument against its schema's bounds and answers `INVALID_ARGUMENTS` before any request; nothing is cut or read as another value".to_owned(),
            );
        }
    }
}

/// A value in its range said to stand for an absence, an unknown or everything ("0 when the
/// severity is not known", "or 5 when the patient gives no number", "2999-12-31 for no end",
/// "100 for every open slot", "the value 100 for all open slots", "5 as the value for an unknown
/// severity", "10000 for the last page", "a limit of 0 means all", "`routine` when the severity
/// was not known"): the contract gives no argument or field a value with such a meaning. Each
/// value is one of its range (a severity a grade, a duration a count of days, a limit a cap, a
/// date a day), so the agent sends, or reads, a fact nobody gave. A default ("when omitted,
/// 20"), a count or an amount of none ("0 when nothing was paid", "0 (none)") and an error's
/// status for an unknown id pass. A stand-in for a person's text ("a dot when there is no
/// reason") is `values::written_text_stood_in`'s.
pub(super) fn value_said_absent(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    // "1 for the last one booked" of an id is an order of ids, read by `ids.rs`
    let id_field = toks
        .split(|t| t.kind == Kind::Stop)
        .next()
        .is_some_and(|head| head.iter().any(|t| is_word(t, &["id", "ids"])));
    for clause in toks.split(|t| t.kind == Kind::Stop) {
        let hit = (0..clause.len()).find(|&k| {
            // a value opens its phrase ("the value 100 for …" too), or a number is said to mean
            // ("0 means all")
            let opens = k == 0
                || clause[k - 1].kind == Kind::Comma
                || is_word(&clause[k - 1], &["or"])
                || k >= 2
                    && is_word(&clause[k - 1], &["value", "number"])
                    && is_word(&clause[k - 2], &["the", "a"]);
            let Some((what, after)) = value_at(clause, k, text) else {
                return false;
            };
            // "5 as the value for …" is "5 for …"
            let after = if is_word_at(clause, after, &["as"]) {
                let j = after + usize::from(is_word_at(clause, after + 1, &["the", "a", "its"]));
                if is_word_at(clause, j + 1, &["value", "number"]) {
                    j + 2
                } else {
                    after
                }
            } else {
                after
            };
            let means = is_word_at(clause, after, &["means", "mean", "stands"]);
            if !(opens || what == Stand::Number && means) {
                return false;
            }
            if !is_word_at(clause, after, &["when", "if", "for"]) && !means {
                return false;
            }
            let cond: Vec<&Tok> = clause[after + 1..]
                .iter()
                .take_while(|t| t.text != ")")
                .collect();
            // (a default: "when left out", "when no page is given")
            let default = cond.iter().any(|t| {
                is_word(
                    t,
                    &[
                        "omitted", "absent", "missing", "given", "set", "sent", "passed", "out",
                    ],
                )
            });
            let silent = call_silent(&cond);
            let default = default || silent;
            let unknown = unknown_said(&cond) && !silent;
            let whole =
                !is_word_at(clause, after, &["when", "if"]) && everything_said(&cond, id_field);
            let unbounded = no_bound_said(&cond);
            match what {
                Stand::Number => unknown || !default && (whole || unbounded),
                Stand::Level => unknown_said(&cond),
            }
        });
        if let Some(k) = hit {
            push(
                out,
                Rule::Directive,
                &clause[k],
                "a value said to stand for an absence, an unknown or everything: each value of the API is one of its range, and none stands for a value nobody gave".to_owned(),
            );
            return;
        }
    }
}

/// What kind of value a phrase opens with.
#[derive(PartialEq, Eq)]
enum Stand {
    /// A number or a date in digits, or a number in words.
    Number,
    /// A triage level or a priority.
    Level,
}

/// The value that opens at `k`, and the index after it: a number or a date ("0", "2999-12-31"),
/// or a triage level or a priority. An error's status
/// ("404 when the id is unknown") and a code after a number are no value of a field.
fn value_at(clause: &[Tok], k: usize, text: &str) -> Option<(Stand, usize)> {
    let t = clause.get(k)?;
    let number = |t: &Tok| {
        (t.kind == Kind::Ident)
            .then(|| t.text.parse::<u64>().ok())
            .flatten()
    };
    if let Some(n) = number(t) {
        let mut end = k + 1;
        while clause.get(end).and_then(number).is_some() {
            end += 1;
        }
        let status = end == k + 1 && (400..600).contains(&n);
        let code = clause.get(end).is_some_and(|x| {
            x.kind == Kind::Ident && text[x.start..x.end].bytes().any(|b| b.is_ascii_uppercase())
        });
        return (!status && !code).then_some((Stand::Number, end));
    }
    if is_word(
        t,
        &[
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ],
    ) {
        return Some((Stand::Number, k + 1));
    }
    is_word(t, &["routine", "elevated", "urgent", "normal"]).then_some((Stand::Level, k + 1))
}

/// A condition of a value nobody knows or gave ("the severity is not known", "a duration not
/// known", "the patient gives no number", "unknown").
fn unknown_said(cond: &[&Tok]) -> bool {
    cond.iter().enumerate().any(|(k, t)| {
        is_word(t, &["unknown", "unsure", "uncertain", "unclear"])
            || is_word(t, &["not", "never"])
                && cond[k + 1..].iter().take(2).any(|x| {
                    is_word(x, &["known", "sure", "certain", "clear"]) || is_word(x, SAYING)
                })
            || is_word(t, SAYING) && cond.get(k + 1).is_some_and(|x| is_word(x, &["no"]))
    })
}

/// The verbs of saying or giving a value.
const SAYING: &[&str] = &[
    "give", "gives", "gave", "say", "says", "said", "state", "states", "stated", "tell", "tells",
    "told", "report", "reports", "reported", "name", "names", "named", "know", "knows", "knew",
    "provide", "provides", "provided", "enter", "enters", "entered",
];

/// A condition of the call itself leaving the value out: a default, not an unknown ("when the
/// call names no limit", "when the caller does not say", "if the request leaves it out"). The
/// sayer is the call, its caller or its arguments; "the patient gives no number" is a person's
/// unknown.
fn call_silent(cond: &[&Tok]) -> bool {
    cond.iter().enumerate().any(|(k, t)| {
        (is_word(t, SAYING) || is_word(t, &["leaves", "leave", "omits", "omit", "skips"]))
            && cond[k.saturating_sub(4)..k]
                .iter()
                .any(|x| is_word(x, CALL_SAYERS))
            && !cond[..k].iter().any(|x| is_word(x, PEOPLE_SAYING))
    })
}

/// People whose silence is an unknown, not a default of the call.
const PEOPLE_SAYING: &[&str] = &["patient", "patients", "doctor", "doctors", "person", "user"];

/// A condition of everything, after "for" or "means" ("for every open slot", "means all", "for
/// the last page"; of an id, "the last" is an order, not everything, and the last of a number
/// said, "the last of 3 pages", "the last page of 3", is a place).
fn everything_said(cond: &[&Tok], id_field: bool) -> bool {
    let first = cond.iter().position(|t| !is_word(t, &["the"]));
    first.is_some_and(|f| {
        let of_a_number = (f + 1..(f + 3).min(cond.len())).any(|j| {
            is_word(cond[j], &["of"])
                && cond[j + 1..]
                    .iter()
                    .find(|x| !is_word(x, &["the", "a"]))
                    .is_some_and(|x| x.kind == Kind::Ident && x.text.parse::<u64>().is_ok())
        });
        is_word(cond[f], &["every", "all", "any", "everything", "unlimited"])
            || !id_field && !of_a_number && f >= 1 && is_word(cond[f], &["last", "final"])
    })
}

/// A condition of no bound, no date or no text ("for no end", "when there is no reason to
/// give", "without a limit"); "no pain" or "no fee" is a value's own none.
fn no_bound_said(cond: &[&Tok]) -> bool {
    const BOUNDS: &[&str] = &[
        "end", "start", "limit", "cap", "maximum", "minimum", "bound", "reason", "note", "date",
        "window", "value", "number", "answer", "duration", "severity", "page", "input", "entry",
    ];
    cond.iter().enumerate().any(|(k, t)| {
        is_word(t, &["no", "without"])
            && cond[k + 1..]
                .iter()
                .find(|x| !is_word(x, &["a", "an", "the"]))
                .is_some_and(|x| is_word(x, BOUNDS))
    })
}
