//! The error codes of the clinic API's contract and of this server.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::acts::{
    HOURS_OF_A_CLOCK, REFUSED_STATUS_CODE, SECOND_INTAKE_CODE, STATUSES, clock_time,
    statuses_taken, window_ahead,
};
use super::cases::{case_of, joined_codes, opposite_case, word_beyond_code};
use crate::codes::{
    ANOTHER_OWNER, API_ERRORS, NO_SUCH, act_participles, act_words, capital_code, condition_opens,
    http_status, known_route, sentence_around, tools_answering,
};

/// An error the API does not give, gives for a status the act takes, or gives for a case it is
/// not given for ("Outside the opening hours, the answer is the error `CLINIC_CLOSED`"; "Cancel
/// … For a confirmed appointment, the answer is 422 `INVALID_TRANSITION`"; "A patient under 16
/// gets the error `FORBIDDEN`"; "At night, the answer is the error `NO_ONCALL_DOCTOR`"): the
/// agent tells a patient that an act the clinic would make cannot be made.
pub(super) fn made_up_error(
    text: &str,
    toks: &[Tok],
    tool: &str,
    takes: &[&str],
    out: &mut Vec<Violation>,
) {
    for (k, t) in toks.iter().enumerate() {
        // a code in a code span, named as an error ("the error 409 `X`", "gives the error `X`"),
        // as a code in capitals ("the code `CLINIC_CLOSED`"), or one of the contract's own
        // (a single word only in capitals, as codes are written: `FORBIDDEN`, not `cancelled`)
        let capitals = text[t.start..t.end]
            .bytes()
            .all(|b| !b.is_ascii_lowercase());
        // (or a code of the contract written bare, in capitals: "gives VALIDATION_ERROR";
        // `CANCELLED` aside, also a status)
        let spanned = (t.kind == Kind::Ident || t.kind == Kind::Word && capitals)
            && text[..t.start].ends_with('`')
            && t.text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
            || capital_code(t, text) && t.text != "cancelled";
        let before = &toks[k.saturating_sub(3)..k];
        let named = before.iter().any(|x| is_word(x, &["error", "errors"]))
            || (before.iter().any(|x| is_word(x, &["code", "codes"]))
                && t.text.contains('_')
                && capitals);
        let known = API_ERRORS.contains(&t.text.as_str());
        // (or an HTTP status of the contract's errors, said as the answer: "For a confirmed
        // appointment, the answer is 422", "a second move gets 409"; a code after it is read as
        // itself: "422 `INVALID_TRANSITION`")
        // (a status the contract does not list is read only after a word of the answer; one
        // it lists after a verb of giving too)
        let answered = before.iter().any(|x| is_word(x, ANSWERED));
        // (a code after its status is the same value: "…: 422 `INVALID_TRANSITION`")
        let colon = if k >= 1
            && toks[k - 1].kind == Kind::Ident
            && http_status(&toks[k - 1].text).is_some()
        {
            k.checked_sub(2)
        } else {
            k.checked_sub(1)
        };
        // (or the value of a label that names its case: "Answer for a confirmed appointment:
        // 422", "Confirmed appointments: 422")
        let labelled =
            colon.is_some_and(|c| c >= 1 && toks[c].text == ":" && toks[c - 1].kind != Kind::Stop);
        let said = answered
            || labelled
            || before
                .iter()
                .any(|x| is_word(x, &["give", "get", "return", "is", "with", "end", "leads"]))
            || answer_opens(toks, k);
        let bare = t.kind == Kind::Ident && !text[t.end..].trim_start().starts_with('`');
        let status = bare
            .then(|| http_status(&t.text))
            .flatten()
            .filter(|_| said);
        // (a client error the contract never gives, said as the answer by a tool of its routes:
        // "… gives 410")
        if bare
            && answered
            && status.is_none()
            && unknown_client_error(&t.text)
            && super::callers::has_a_route(tool)
        {
            push(
                out,
                Rule::Directive,
                t,
                "an HTTP status the clinic API does not give: a text names only the errors of its contract".to_owned(),
            );
            return;
        }
        // (or a code in capitals said as the answer of a tool this server serves: "A slot in the
        // past gives `SLOT_EXPIRED`"; a code is written with its parts joined, so a value in
        // capitals of one word is none; another tool's codes are its own contract's)
        let given = spanned
            && super::answers::output_of(tool).is_some()
            && capitals
            && t.text.contains('_')
            && before
                .iter()
                .any(|x| is_word(x, ANSWERED) || is_word(x, GIVEN));
        if !(spanned && (named || known || given)) && status.is_none() {
            continue;
        }
        // (the sentence: a clock's colon, "after 18:00", ends none)
        let stop =
            |j: usize| toks[j].kind == Kind::Stop && !(j >= 1 && clock_time(&toks[j - 1], text));
        let opens = match colon {
            Some(c) if labelled => c,
            _ => k,
        };
        // (a label is the words from its phrase's start to the colon: "…appointment (errors:
        // 403 …)" labels with "errors" only)
        let start = (0..opens)
            .rev()
            .find(|&j| stop(j) || labelled && toks[j].kind == Kind::Comma)
            .map_or(0, |s| s + 1);
        // (a clause that opens on "then" takes its case from the one before it: "The clinic may
        // have no oncall doctor; then the error is `NO_ONCALL_DOCTOR`")
        let start = if start >= 1 && is_word_at(toks, start, &["then", "so", "thus"]) && !labelled {
            (0..start - 1).rev().find(|&j| stop(j)).map_or(0, |s| s + 1)
        } else {
            start
        };
        let end = (k..toks.len()).find(|&j| stop(j)).unwrap_or(toks.len());
        let case: Vec<&Tok> = toks[start..end]
            .iter()
            .enumerate()
            .filter(|&(j, _)| start + j != k)
            .map(|(_, x)| x)
            .collect();
        // (less the phrases, between commas, that hold a code of their own: "An appointment with
        // an intake gives 409 `INTAKE_EXISTS`, a cancelled one 422 `INVALID_TRANSITION`" gives
        // each code its own case)
        let joined = joined_codes(toks, text, k);
        let phrase_of = |j: usize| {
            let from = (start..j).rev().find(|&i| toks[i].kind == Kind::Comma);
            let to = (j..end)
                .find(|&i| toks[i].kind == Kind::Comma)
                .unwrap_or(end);
            (from.map_or(start, |i| i + 1), to)
        };
        let others: Vec<(usize, usize)> = (start..end)
            .filter(|&j| !joined.contains(&j) && capital_code(&toks[j], text))
            .map(phrase_of)
            .filter(|&(a, b)| !(a..b).contains(&k))
            .collect();
        let case_here: Vec<&Tok> = (start..end)
            .filter(|&j| j != k && !others.iter().any(|&(a, b)| (a..b).contains(&j)))
            .map(|j| &toks[j])
            .collect();
        let known_route = known_route(tool);
        let own = [t.text.as_str()];
        let codes: &[&str] = status.unwrap_or(&own);
        // a status stands for each code it is given with: made up only when made up for all
        // "On `NO_ONCALL_DOCTOR`, …": what follows is the code's gloss, read by `code_glossed`,
        // not a case it is given for
        // (and "If the answer is `NO_ONCALL_DOCTOR`, …")
        let opens_gloss = k >= 1
            && is_word(&toks[k - 1], &["on", "after"])
            && (k == 1 || toks[k - 2].kind == Kind::Stop)
            && toks.get(k + 1).is_some_and(|n| n.kind == Kind::Comma)
            || condition_opens(toks, k, text).is_some();
        let own_case = case_of(toks, text, &joined, start, end, opens_gloss);
        let lifecycle = lifecycle_case(
            toks,
            text,
            start,
            end,
            k,
            statuses_taken(&own_effects(tool)),
        );
        // (`code` is the contract's: one a status stands for, or a known code in a span)
        let made_up = |code: &str| -> Option<String> {
            if let Some(one) =
                lifecycle.filter(|&one| code != one && !crate::codes::lost_code(code))
            {
                Some(format!(
                    "another code said for a case of the lifecycle: the clinic API answers it with `{}` only",
                    one.to_ascii_uppercase()
                ))
            } else if code == "invalid_transition"
                && for_a_status_taken(&case, statuses_taken(&own_effects(tool)))
            {
                Some(
                    "an error said for a status the act takes: it is open for each of them"
                        .to_owned(),
                )
            } else if let Some(why) =
                server_checked(code, &own_case, own_number(toks, start, end, k), tool)
            {
                Some(why.to_owned())
            } else if let Some(why) = text_content_case(code, own_phrase(toks, start, end, k), tool)
            {
                Some(why.to_owned())
            } else if let Some(why) = made_up_case(&case_here, code, takes, text, opens_gloss) {
                Some(why.to_owned())
            } else {
                let mut codes = vec![code];
                codes.extend(joined[1..].iter().map(|&j| toks[j].text.as_str()));
                // (a case in the code's own words, of another thing than its own, after)
                let Some(word) = word_beyond_code(&own_case, &codes, tool, opens_gloss)
                    .filter(|_| known_route && super::callers::has_a_route(tool))
                else {
                    if let Some(why) = case_misplaced(code, &own_case) {
                        return Some(why.to_owned());
                    }
                    // (a code said for the opposite of its own condition; not a code that is the
                    // condition of what its sentence says before it: "Nothing is booked if the
                    // answer is `SLOT_TAKEN`")
                    if let Some(word) =
                        opposite_case(&own_case, code, statuses_taken(&own_effects(tool)))
                            .filter(|_| !opens_gloss && !answer_conditioned(toks, k))
                    {
                        return Some(format!(
                            "an error said for the opposite of its own condition (\"{}\"): a code answers only its own case (a second intake, a slot that is taken, an id that names nothing, a status the act does not take)",
                            word.text
                        ));
                    }
                    return None;
                };
                Some(format!(
                    "an error said of a case its code does not answer (\"{}\"): each code of the contract answers only its own cases (an unknown id, a taken slot, a status, a key, a rate, a missing oncall doctor, a lost answer)",
                    word.text
                ))
            }
        };
        let why = if known_route && status.is_none() && !known {
            "an error the clinic API does not give: a text names only the errors of its contract"
                .to_owned()
        } else if (status.is_some() || known)
            && let Some(why) = made_up(codes[0])
            && codes[1..].iter().all(|c| made_up(c).is_some())
        {
            why
        } else {
            continue;
        };
        push(out, Rule::Directive, t, why);
        return;
    }
}

/// The code at `k` is the answer a condition names ("… if the answer is `SLOT_TAKEN`", "when
/// the call gives `X`"): what its sentence says beside it is the consequence, not its case.
fn answer_conditioned(toks: &[Tok], k: usize) -> bool {
    (k.saturating_sub(7)..k).any(|j| {
        is_word(
            &toks[j],
            &["if", "when", "whenever", "once", "unless", "should", "upon"],
        ) && toks[j + 1..k]
            .iter()
            .all(|x| is_word(x, crate::codes::ANSWER_WORDS))
            && toks[j + 1..k].iter().any(|x| {
                is_word(
                    x,
                    &[
                        "answer", "answers", "error", "code", "status", "result", "gives",
                        "returns",
                    ],
                )
            })
    })
}

/// The words after which a number is the answer's HTTP status ("the answer 422", "gives 410").
const ANSWERED: &[&str] = &[
    "answer", "answers", "status", "error", "errors", "code", "http", "gives", "gets", "returns",
    "ends", "results",
];

/// The verbs that say a code is what a call answers ("gives `X`", "fails with `X`").
const GIVEN: &[&str] = &["give", "get", "return", "fail", "fails", "failed"];

/// `INVALID_TRANSITION` said for a status the act takes ("For a confirmed appointment, …" of a
/// cancellation), not denied ("not pending"): the act is open for each of them.
pub(super) fn for_a_status_taken(case: &[&Tok], takes: &[&str]) -> bool {
    status_taken(case, takes) && !case.iter().any(|x| is_word(x, &["not", "no"]))
}

/// A number that opens its clause and is glossed by a case after it ("…; 403 for a patient under
/// 16", "…; 409 when it is night", "422 is the answer for …"): said as the answer.
fn answer_opens(toks: &[Tok], k: usize) -> bool {
    let opens = k == 0 || matches!(toks[k - 1].kind, Kind::Stop | Kind::Comma);
    opens
        && toks.get(k + 1).is_some_and(|n| {
            is_word(
                n,
                &[
                    "for", "when", "if", "on", "is", "means", "after", "before", "at",
                ],
            )
        })
}

/// A client error's status (4xx) that the contract does not list.
fn unknown_client_error(n: &str) -> bool {
    n.len() == 3
        && n.starts_with('4')
        && n.bytes().all(|b| b.is_ascii_digit())
        && http_status(n).is_none()
}

/// A status the act takes, said as a status ("a confirmed appointment") or as the act that sets
/// it ("once the doctor confirms it").
fn status_taken(case: &[&Tok], takes: &[&str]) -> bool {
    case.iter().any(|x| {
        is_word(x, takes) || (takes.contains(&"confirmed") && is_word(x, &["confirms", "confirm"]))
    })
}

/// What an error of the contract is said to answer, when the contract gives it for no such
/// case: an age, an hour of the clock, a time before the visit or a window ahead, a count of
/// the patient's acts, something asked before the act (an intake, a deposit, a paid fee), a
/// status the act takes, or, for `NO_ONCALL_DOCTOR`, anything but the missing oncall doctor
/// (unless the code opens its gloss, `glossed`: "On `NO_ONCALL_DOCTOR`, …").
pub(super) fn made_up_case(
    case: &[&Tok],
    code: &str,
    takes: &[&str],
    text: &str,
    glossed: bool,
) -> Option<&'static str> {
    let person = |j: usize| {
        case[j.saturating_sub(2)..j].iter().any(|x| {
            is_word(
                x,
                &[
                    "patient", "patients", "person", "people", "caller", "callers",
                ],
            )
        })
    };
    let aged = case.iter().enumerate().any(|(j, x)| {
        is_word(
            x,
            &[
                "adult", "adults", "child", "children", "minor", "minors", "elderly", "aged",
            ],
        ) || (is_word(x, &["under", "over", "older", "younger"])
            && case.get(j + 1).is_some_and(|n| n.kind == Kind::Ident)
            && (person(j)
                || case
                    .get(j + 2)
                    .is_some_and(|n| is_word(n, &["years", "year"]))))
    });
    let phrase: Vec<&&Tok> = case.iter().collect();
    let units = [
        "minutes", "hours", "days", "weeks", "minute", "hour", "day", "week",
    ];
    // (a day of the calendar too: "On a Sunday", "for a slot in December", "on holidays";
    // not the modal "may")
    let calendar = |x: &Tok| {
        let one = x.text.strip_suffix('s').unwrap_or(&x.text);
        x.kind == Kind::Word
            && x.text != "may"
            && (WEEKDAYS_AND_MONTHS.contains(&one)
                || is_word(x, &["holiday", "holidays", "season", "seasons"]))
    };
    // (a key reused within 24 hours is the key conflict's own case)
    let keyed =
        code == "idempotency_key_conflict" && case.iter().any(|x| is_word(x, &["key", "keys"]));
    // (a date as written: "After 2026-12-01, …")
    // (not a date's form given as an example: "as 2026-12-01")
    // (in any order and with any mark: "2026/12/01", "01.12.2026")
    let date = |x: &Tok| {
        let before = text[..x.start].trim_end();
        let word_before = before
            .rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '.')
            .next()
            .unwrap_or("");
        let example = [
            "as", "like", "example", "e.g.", "e.g", "version", "v", "release",
        ]
        .contains(&word_before.to_ascii_lowercase().as_str());
        let run: String = text[x.start..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || matches!(c, '-' | '/' | '.'))
            .collect();
        let groups: Vec<&str> = run
            .trim_end_matches(['-', '/', '.'])
            .split(['-', '/', '.'])
            .collect();
        let fields: Vec<u32> = groups.iter().filter_map(|g| g.parse().ok()).collect();
        // (a year first: then a month and a day, "2026-12-01", "2026/12"; or last, "01.12.2026";
        // a version is none: "2025.1.0" has no month 0 … or a day 0)
        let year_first = groups.first().is_some_and(|g| g.len() == 4)
            && fields.get(1).is_some_and(|m| (1..=12).contains(m))
            && fields.get(2).is_none_or(|d| (1..=31).contains(d));
        let year_last = groups.len() == 3
            && groups.last().is_some_and(|g| g.len() == 4)
            && fields.iter().take(2).all(|f| (1..=31).contains(f));
        !example
            && x.kind == Kind::Ident
            && (2..=3).contains(&groups.len())
            && fields.len() == groups.len()
            && groups.iter().all(|g| !g.is_empty() && g.len() <= 4)
            && (year_first || year_last)
    };
    let timed = case
        .iter()
        .any(|x| is_word(x, HOURS_OF_A_CLOCK) || calendar(x) || clock_time(x, text) || date(x))
        || (window_ahead(&phrase) && !keyed)
        || case.windows(3).any(|w| {
            w[0].kind == Kind::Ident
                && is_word(w[1], &units)
                && is_word(w[2], &["before", "after", "ahead"])
        });
    const ACTS: &[&str] = &[
        "appointments",
        "bookings",
        "moves",
        "cancellations",
        "visits",
        "escalations",
        "confirmations",
        "requests",
    ];
    let counted = !matches!(
        code,
        "slot_taken" | "idempotency_key_conflict" | "intake_exists" | "rate_limited"
    ) && case
        .windows(3)
        .any(|w| w[0].kind == Kind::Ident && (is_word(w[1], ACTS) || is_word(w[2], ACTS)))
        || case.windows(2).any(|w| {
            (is_word(w[0], &["second", "third", "another"])
                && is_word(
                    w[1],
                    &["move", "cancellation", "escalation", "confirmation"],
                )
                // (a second booking or visit: the API counts none of a patient's; a lost answer's
                // gloss names the second booking a retry with the same key does not make)
                || !crate::codes::lost_code(code)
                    && !matches!(
                        code,
                        "slot_taken" | "idempotency_key_conflict" | "intake_exists" | "rate_limited"
                    )
                    && is_word(w[0], &["second", "third"])
                    && is_word(
                        w[1],
                        &[
                            "booking",
                            "bookings",
                            "appointment",
                            "appointments",
                            "visit",
                            "visits",
                        ],
                    ))
                // (a second cancellation or confirmation of the same appointment is
                // `INVALID_TRANSITION`'s own case; a move or an escalation may be made again)
                && !(code == "invalid_transition"
                    && is_word(w[1], &["cancellation", "confirmation"]))
        });
    const ASKED: &[&str] = &[
        "intake",
        "form",
        "deposit",
        "insurance",
        "referral",
        "fee",
        "fees",
        "payment",
        "debt",
        "confirmation",
        "account",
    ];
    // (the noun within the next three words: "with a late fee on the account")
    let asked = case.iter().enumerate().any(|(j, w)| {
        is_word(w, &["with", "without", "no"])
            && case[j + 1..]
                .iter()
                .take(3)
                .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
                .any(|x| is_word(x, ASKED))
    }) && !(matches!(code, "intake_not_found" | "intake_exists")
        && case.iter().any(|x| is_word(x, &["intake", "form"])));
    let status = code != "invalid_transition" && status_taken(case, takes);
    // a kind of slot, by its doctor or clinic ("A slot of another doctor gives the error
    // `SLOT_NOT_FOUND`"): a slot's errors are of its id, and no slot is kept from a patient
    let slot_of = case.windows(2).enumerate().any(|(j, w)| {
        is_word(w[0], &["slot", "slots"])
            && is_word(w[1], &["of"])
            && case[j + 2..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["doctor", "doctors", "clinic", "clinics", "specialty"]))
    });
    // the patient's history ("another specialty than the last visit"): the API keeps no rule
    // on earlier visits
    let history = case.windows(2).any(|w| {
        is_word(w[0], &["last", "previous", "earlier", "prior"])
            && is_word(
                w[1],
                &[
                    "visit",
                    "visits",
                    "appointment",
                    "appointments",
                    "booking",
                    "bookings",
                ],
            )
    });
    // (a gloss after "On `NO_ONCALL_DOCTOR`," is read by `code_glossed`, which asks for its
    // meaning; a case of its own is still read: "On `NO_ONCALL_DOCTOR`, at night, …")
    let oncall = code == "no_oncall_doctor"
        && !glossed
        && !case.iter().any(|x| is_word(x, &["oncall", "call", "duty"]));
    // (an act said made before, as a count of the object's past: "an appointment that was moved
    // before", "one escalated already"; a status taken is read as a status)
    let again = case.windows(2).any(|w| {
        let made = |x: &Tok| is_word(x, &["moved", "rescheduled", "escalated"]);
        let before = |x: &Tok| {
            is_word(
                x,
                &[
                    "before",
                    "already",
                    "earlier",
                    "once",
                    "twice",
                    "again",
                    "previously",
                ],
            )
        };
        made(w[0]) && before(w[1]) || before(w[0]) && made(w[1])
    });
    if aged || timed || counted || asked || status || oncall || slot_of || history || again {
        Some(
            "an error of the contract said for a case it is not given for: the clinic API asks no age, day, hour, lead time, count, earlier visit, form or fee before an act, and keeps no slot from a patient",
        )
    } else {
        None
    }
}

/// The one code of a case of the lifecycle that the code at `k` is given for, when the case is
/// nearer to it than to any other code of the sentence (`start..end`): an appointment in a
/// status the act does not take (`takes`; none for a tool that makes no act on one), "A
/// cancelled appointment gives …", answers `INVALID_TRANSITION`, and a second intake `INTAKE_EXISTS`.
/// A status case of another owner or of an unknown id is read by its own code.
fn lifecycle_case(
    toks: &[Tok],
    text: &str,
    start: usize,
    end: usize,
    k: usize,
    takes: &[&str],
) -> Option<&'static str> {
    // (of another owner, an unknown id, or denied: read by its own code; a word that only names
    // an owner, a role or being ("the patient's own appointments", "an appointment that exists")
    // says no other and no absence)
    const NAMES_ONLY: &[&str] = &[
        "own", "owner", "owners", "role", "roles", "tenant", "belongs", "exist", "exists",
        "existing",
    ];
    let foreign = toks[start..end].iter().any(|x| {
        (is_word(x, ANOTHER_OWNER) || is_word(x, NO_SUCH)) && !is_word(x, NAMES_ONLY)
            || is_word(x, &["not", "no"])
    });
    // the codes of the sentence: a code in a code span, or a status of the contract
    let code_at = |j: usize| {
        let t = &toks[j];
        j == k
            || API_ERRORS.contains(&t.text.as_str())
                && text[..t.start].ends_with('`')
                && text[t.start..t.end]
                    .bytes()
                    .all(|b| !b.is_ascii_lowercase())
            || t.kind == Kind::Ident && http_status(&t.text).is_some()
    };
    let nearest = |j: usize| {
        (start..end)
            .filter(|&c| code_at(c))
            .min_by_key(|&c| c.abs_diff(j))
            == Some(k)
    };
    let holders = [
        "appointment",
        "appointments",
        "one",
        "ones",
        "booking",
        "visit",
    ];
    (start..end)
        .filter(|&j| j != k && nearest(j))
        .find_map(|j| {
            let t = &toks[j];
            let held = toks.get(j + 1).is_some_and(|n| is_word(n, &holders))
                || j >= 1 && is_word(&toks[j - 1], &["appointment", "appointments", "already"]);
            let status = !foreign && is_word(t, STATUSES) && held && !is_word(t, takes);
            let second = is_word(t, &["intake", "intakes"])
                && (j >= 1 && is_word(&toks[j - 1], &["second", "another", "repeated"])
                    || toks
                        .get(j + 1)
                        .is_some_and(|n| is_word(n, &["again", "twice"])));
            if status {
                Some(REFUSED_STATUS_CODE)
            } else if second {
                Some(SECOND_INTAKE_CODE)
            } else {
                None
            }
        })
}

/// A key used again said to answer an error ("A key used before gives
/// `IDEMPOTENCY_KEY_CONFLICT`", "With the same key twice, the second booking gives
/// `SLOT_TAKEN`"): the same key with the same body within 24 hours answers the first result
/// again, and only another body with it gives `IDEMPOTENCY_KEY_CONFLICT`. The agent shuns the
/// safe retry after a lost answer, or books anew. Read in a sentence that names no other body
/// ("with another slot") and no time past the key's ("after 24 hours"); a key reused with another
/// body and said to make the change is read by `reuse_said_to_act`.
/// The idempotency key named: "key", "keys", or a name ending in "key" (`idempotency_key`).
fn names_key(t: &Tok) -> bool {
    is_word(t, &["key", "keys"]) || t.kind == Kind::Ident && t.text.ends_with("key")
}

pub(super) fn key_reuse_refused(toks: &[Tok], out: &mut Vec<Violation>) {
    let mut key_named = false;
    let mut at = 0;
    for sentence in toks.split(|t| t.kind == Kind::Stop) {
        // (a label's value after its colon is its answer: "Same key, other slot: 422")
        let end = at + sentence.len();
        at = end + 1;
        let label_value: &[Tok] = if toks.get(end).is_some_and(|t| t.text == ":") {
            let rest = &toks[(end + 1).min(toks.len())..];
            let stop = rest
                .iter()
                .position(|t| t.kind == Kind::Stop)
                .unwrap_or(rest.len());
            &rest[..stop]
        } else {
            &[]
        };
        // (or the key of the text, named in a sentence before: "Optional key, 8 to 128
        // characters. With the same slot, 422 `IDEMPOTENCY_KEY_CONFLICT`"; there only the
        // conflict is read, as a second act with no key may be `SLOT_TAKEN`)
        let own = sentence.iter().position(names_key);
        let of_the_text = own.is_none() && key_named;
        key_named |= own.is_some();
        let Some(kk) = own.or(of_the_text.then_some(0)) else {
            continue;
        };
        // used again: "the same key", "a key used before", "twice", "a second booking"
        let again = sentence.iter().any(|x| {
            is_word(
                x,
                &[
                    "same",
                    "before",
                    "again",
                    "twice",
                    "reused",
                    "repeated",
                    "second",
                    "earlier",
                    "already",
                    "previously",
                    "retry",
                    "retries",
                ],
            )
        });
        // another body, or a time past the key's, make an error possible
        let other = sentence.iter().any(|x| {
            is_word(
                x,
                &[
                    "another",
                    "other",
                    "different",
                    "new",
                    "changed",
                    "differs",
                    "differ",
                    "else",
                    "expired",
                    "expires",
                    "past",
                    "beyond",
                    "outside",
                    "after",
                ],
            )
        });
        // (no key at all: "Without a key, a second request for the slot gives `SLOT_TAKEN`")
        let keyless = !of_the_text
            && sentence[kk.saturating_sub(2)..kk]
                .iter()
                .any(|x| is_word(x, &["without", "no", "not"]));
        if again && other && !keyless && !of_the_text {
            if let Some(t) = reuse_said_to_act(sentence, label_value) {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "a key reused with other values said to make the change: the same key with another body answers 422 `IDEMPOTENCY_KEY_CONFLICT`, and nothing is booked or moved".to_owned(),
                );
                return;
            }
            continue;
        }
        if !again || other || keyless {
            continue;
        }
        // the errors that say the act was made already or clashes
        let hit = sentence[kk..].iter().find(|t| {
            t.kind == Kind::Ident
                && (t.text == "idempotency_key_conflict"
                    || !of_the_text
                        && matches!(t.text.as_str(), "slot_taken" | REFUSED_STATUS_CODE))
        });
        if let Some(t) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "a key used again said to give an error: the same key with the same body within 24 hours answers the first result again; only another body gives `IDEMPOTENCY_KEY_CONFLICT`".to_owned(),
            );
            return;
        }
    }
}

/// A key reused with other values said to act ("A key reused with another slot books that
/// slot", "the same key with a different slot moves it there", "a key sent again with other
/// arguments is a new booking"): the same key with another body answers 422
/// `IDEMPOTENCY_KEY_CONFLICT`. The key is said reused (the same key, a key reused, used again,
/// twice, before), the values said other (another slot, a different body, changed arguments),
/// and the sentence names no refusal, error or conflict, nor a time past the key's.
fn reuse_said_to_act<'t>(sentence: &'t [Tok], value: &[Tok]) -> Option<&'t Tok> {
    let k = sentence.iter().position(names_key)?;
    const REUSED: &[&str] = &[
        "same",
        "reused",
        "reuse",
        "reuses",
        "reusing",
        "again",
        "twice",
        "before",
        "earlier",
        "previously",
        "already",
        "repeated",
        "once",
    ];
    let reused = sentence[k.saturating_sub(2)..k].iter().any(|x| {
        is_word(
            x,
            &["same", "reused", "repeated", "old", "earlier", "previous"],
        )
    }) || sentence[k + 1..].iter().take(4).any(|x| is_word(x, REUSED))
        || sentence[..k]
            .iter()
            .any(|x| is_word(x, &["reuse", "reuses", "reusing", "reused"]));
    const BODY: &[&str] = &[
        "slot",
        "slots",
        "body",
        "bodies",
        "value",
        "values",
        "argument",
        "arguments",
        "data",
        "field",
        "fields",
        "appointment",
        "appointments",
        "doctor",
        "time",
        "times",
        "reason",
        "note",
        "payload",
        "details",
        "parameters",
        "parameter",
        "symptoms",
        "severity",
        "content",
        "contents",
        "request",
        "requests",
        "booking",
        "move",
        "input",
        "inputs",
    ];
    let other = (0..sentence.len()).find(|&j| {
        is_word(
            &sentence[j],
            &[
                "another",
                "other",
                "different",
                "new",
                "changed",
                "else",
                "second",
                "altered",
            ],
        ) && sentence[j + 1..]
            .iter()
            .take(3)
            .take_while(|x| !names_key(x))
            .any(|x| is_word(x, BODY))
            || is_word(&sentence[j], BODY)
                && is_word_at(
                    sentence,
                    j + 1,
                    &["changed", "altered", "different", "else"],
                )
    });
    let refused = sentence.iter().chain(value).any(|x| {
        x.kind == Kind::Ident
            && (crate::codes::known_code(x.text.trim_matches('`'))
                || crate::codes::http_status(x.text.trim_matches('`')).is_some())
            || [
                "error", "refus", "reject", "fail", "conflict", "clash", "invalid", "denied",
                "forbid", "expire",
            ]
            .iter()
            .any(|stem| x.kind == Kind::Word && x.text.starts_with(stem))
            || is_word(x, NEGATIONS)
            || is_word(
                x,
                &[
                    "no", "nothing", "past", "beyond", "outside", "after", "hours", "hour", "day",
                    "days",
                ],
            )
    });
    (reused && !refused)
        .then(|| other.map(|j| &sentence[j]))
        .flatten()
}

/// Words that say an argument is past a bound of its schema or outside its form: a length, a
/// size, a range, an empty text, a number that is no positive integer.
const PAST_A_BOUND: &[&str] = &[
    "longer",
    "shorter",
    "larger",
    "smaller",
    "bigger",
    "greater",
    "higher",
    "lower",
    "more",
    "less",
    "fewer",
    "over",
    "under",
    "above",
    "below",
    "outside",
    "beyond",
    "exceeds",
    "exceed",
    "exceeding",
    "empty",
    "range",
    "length",
    "zero",
    "negative",
    "character",
    "characters",
    "integer",
    "numeric",
    // (the plain degrees: "a too long text", "a too short query", "too many days")
    "long",
    "short",
    "big",
    "small",
    "large",
    "high",
    "low",
    "many",
    "few",
    "much",
];

/// Words that say an argument is of another form or type than its schema's: not a number, a
/// text or letters, a decimal, a wrong type or format, any value other than the one described
/// ("otherwise", "any other value").
const OUTSIDE_ITS_FORM: &[&str] = &[
    "number",
    "numbers",
    "decimal",
    "decimals",
    "fraction",
    "fractional",
    "whole",
    "positive",
    "string",
    "strings",
    "letters",
    "letter",
    "type",
    "types",
    "wrong",
    "otherwise",
];

/// Words that say what the clinic holds or has done, not what an argument is: a slot taken or
/// open, a status, an intake there already, a match, the oncall doctor. `INVALID_ARGUMENTS`
/// answers only an argument against its schema, before any request.
const STATE_OF_THE_CLINIC: &[&str] = &[
    "taken",
    "booked",
    "available",
    "free",
    "open",
    "already",
    "matches",
    "oncall",
    "on-call",
    "pending",
    "confirmed",
    "cancelled",
    "rejected",
    "started",
    "exists",
];

/// The things of the clinic an answer may be about; none is the caller's role.
const OBJECTS: &[&str] = &[
    "appointment",
    "appointments",
    "slot",
    "slots",
    "intake",
    "intakes",
    "clinic",
    "clinics",
    "protocol",
    "protocols",
    "visit",
    "visits",
];

/// A check this server makes itself before any request (tool.rs `invoke_reporting`), said to be
/// answered by the clinic API: the caller's role is checked first (`ROLE_NOT_PERMITTED`), then
/// each argument against the bounds and form of its schema (`INVALID_ARGUMENTS`), and nothing is
/// sent. So `VALIDATION_ERROR` answers no argument past its bound on a tool this server serves
/// ("a longer text gives `VALIDATION_ERROR`", "0 gives `VALIDATION_ERROR`"), and `FORBIDDEN`
/// not the role a tool is not for ("A doctor gets `FORBIDDEN`" of a patient's tool); another's
/// appointment or clinic stays `FORBIDDEN`'s.
fn server_checked(code: &str, case: &[&Tok], number: bool, tool: &str) -> Option<&'static str> {
    match code {
        "validation_error" => {
            let served = crate::served::args_of(tool).next().is_some();
            let bound = number || case.iter().any(|x| is_word(x, PAST_A_BOUND));
            // ("an id that is not a number", "any other value", "another value")
            let form = case.iter().enumerate().any(|(j, x)| {
                is_word(x, OUTSIDE_ITS_FORM)
                    || is_word(x, &["other", "another"])
                        && is_word_at(case, j + 1, &["value", "values", "id", "ids"])
            });
            if !served {
                return None;
            }
            if bound {
                return Some(
                    "an argument past its bound said to answer `VALIDATION_ERROR`: this server checks each argument against the bounds and form of its schema before any request and answers `INVALID_ARGUMENTS`, sending nothing",
                );
            }
            form.then_some(
                "an argument of another form or type said to answer `VALIDATION_ERROR`: this server checks each argument against the form of its schema before any request and answers `INVALID_ARGUMENTS`, sending nothing",
            )
        }
        // (said of the clinic's state: "when the new slot is taken", "for an appointment that
        // already has an intake", "when the slot is in the past")
        "invalid_arguments" => {
            let past = case.windows(3).any(|w| {
                is_word(w[0], &["in"]) && is_word(w[1], &["the"]) && is_word(w[2], &["past"])
            });
            // ("a free text" is a kind of argument, not a slot's state)
            let state = case.iter().enumerate().any(|(j, x)| {
                is_word(x, STATE_OF_THE_CLINIC)
                    && !(is_word(x, &["free", "open"]) && is_word_at(case, j + 1, &["text"]))
            });
            (past || state).then_some(
                "a state of the clinic said to answer `INVALID_ARGUMENTS`: this server gives it for an argument against the bounds and form of its schema, before any request",
            )
        }
        // (the caller's role, not an object nor the role the tool is for: "for an appointment
        // of another patient", "for a patient with no appointments" of a patient's tool)
        "role_not_permitted" => {
            let object = case.iter().enumerate().any(|(j, x)| {
                is_word(x, OBJECTS) && !(j >= 1 && is_word(case[j - 1], &["no", "nothing"]))
            });
            let own_role = crate::served::role_of(tool).flatten().is_some_and(|own| {
                case.iter().enumerate().any(|(j, x)| {
                    super::roles::role_word(x) == Some(own)
                        && !case[j.saturating_sub(2)..j]
                            .iter()
                            .any(|y| is_word(y, &["not", "non", "other", "than", "unless"]))
                })
            });
            (object || own_role).then_some(
                "a case beside the caller's role said to answer `ROLE_NOT_PERMITTED`: this server gives it to a session of a role the tool is not for, before any request",
            )
        }
        "forbidden" => {
            // (the caller's role is the server's check, whatever else is said: "a caller of the
            // other role")
            let role_said = case.iter().any(|x| is_word(x, super::roles::ROLE_WORDS));
            if role_said && crate::served::role_of(tool).flatten().is_some() {
                return Some(
                    "a role the tool is not for said to answer `FORBIDDEN`: this server checks the caller's role before any request and answers `ROLE_NOT_PERMITTED`, sending nothing",
                );
            }
            let owner = case
                .iter()
                .any(|x| is_word(x, ANOTHER_OWNER) || is_word(x, &["owns", "assigned", "whose"]));
            let role = case.iter().find_map(|x| {
                let w = x.text.as_str();
                ["doctor", "doctors", "patient", "patients"]
                    .contains(&w)
                    .then_some(w)
            })?;
            (!owner && super::roles::role_refused(tool, role)).then_some(
                "a role the tool is not for said to answer `FORBIDDEN`: this server checks the caller's role before any request and answers `ROLE_NOT_PERMITTED`, sending nothing",
            )
        }
        _ => None,
    }
}

/// Words that say a text is past its bounds, of another form, or not given: the only cases
/// this server answers an argument's error for on a text.
const A_TEXT_CHECKED: &[&str] = &[
    "invalid",
    "valid",
    "malformed",
    "bad",
    "bound",
    "bounds",
    "limit",
    "limits",
    "schema",
    "size",
    "form",
    "format",
    "allowed",
    "missing",
    "absent",
    "blank",
    "omitted",
    "none",
    "no",
    "without",
    "given",
    "null",
    "whitespace",
    "spaces",
    "required",
    "too",
];

/// An argument's error said of what a text says (its count of words, what it names, its
/// language, its topic), not of its length, its form or its absence: this server checks a
/// search's words, symptoms, a reason and a note against the length and form of their schema
/// only, and the clinic API keeps no rule on their content ("a query of a single word is refused
/// with `VALIDATION_ERROR`", "a reason that names the doctor gives `INVALID_ARGUMENTS`").
fn text_content_case(code: &str, phrase: &[Tok], tool: &str) -> Option<&'static str> {
    if !matches!(code, "validation_error" | "invalid_arguments") {
        return None;
    }
    let text = phrase
        .iter()
        .any(|x| crate::served::names_text_arg(tool, x));
    let checked = phrase.iter().any(|x| {
        is_word(x, PAST_A_BOUND)
            || is_word(x, OUTSIDE_ITS_FORM)
            || is_word(x, A_TEXT_CHECKED)
            || x.kind == Kind::Ident && x.text.bytes().all(|b| b.is_ascii_digit())
    });
    (text && !checked).then_some(
        "an argument's error said of what a text says (its words, what it names, its language): this server checks a text against the length and form of its schema only, and the clinic API keeps no rule on its content",
    )
}

/// The phrase of the code at `k`, between marks, within `start..end`.
fn own_phrase(toks: &[Tok], start: usize, end: usize, k: usize) -> &[Tok] {
    let from = (start..k)
        .rev()
        .find(|&j| toks[j].kind == Kind::Comma)
        .map_or(start, |j| j + 1);
    let to = (k + 1..end)
        .find(|&j| toks[j].kind == Kind::Comma)
        .unwrap_or(end);
    &toks[from..to]
}

/// Whether the phrase of the code at `k` (between marks, within `start..end`) holds a number
/// that is no HTTP status: the value said to answer it ("0 gives `VALIDATION_ERROR`"), not the
/// status said with the code ("(400)") or an example before it.
fn own_number(toks: &[Tok], start: usize, end: usize, k: usize) -> bool {
    let from = (start..k)
        .rev()
        .find(|&j| toks[j].kind == Kind::Comma)
        .map_or(start, |j| j + 1);
    let to = (k + 1..end)
        .find(|&j| toks[j].kind == Kind::Comma)
        .unwrap_or(end);
    toks[from..to].iter().any(|x| {
        x.kind == Kind::Ident
            && x.text.bytes().all(|b| b.is_ascii_digit())
            && http_status(&x.text).is_none()
    })
}

/// What a text says of `RATE_LIMITED`: the contract's 429 is booking's rate limit only (no
/// other route answers 429), and its `Retry-After` counts seconds. Said of a tool that books
/// nothing ("Cancel … `RATE_LIMITED` gives the number of seconds to wait"), or with the wait in
/// minutes, hours or days ("the number of minutes to wait", "Minutes to wait after
/// `RATE_LIMITED`"), the agent waits for nothing or far too long. (A bare 429 is not read: this
/// server's HTTP transport answers 429 to a caller over its own rate limit, whatever the tool;
/// `Retry-After` said in another unit is read with the units.)
pub(super) fn rate_misstated(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    for sentence in toks.split(|t| t.kind == Kind::Stop) {
        let Some(code) = sentence.iter().find(|x| {
            x.text == "rate_limited"
                && !text[x.start..x.end].bytes().any(|b| b.is_ascii_lowercase())
        }) else {
            continue;
        };
        let denied = sentence
            .iter()
            .any(|x| is_word(x, &["no", "not", "never", "none"]));
        let books = tool.split('_').next() == Some("book");
        if !books && !denied && super::callers::has_a_route(tool) && known_route(tool) {
            push(
                out,
                Rule::Directive,
                code,
                "`RATE_LIMITED` said of a tool that books nothing: the clinic API answers 429 `RATE_LIMITED` to a booking only".to_owned(),
            );
            return;
        }
        // the wait's unit: "the number of minutes", "minutes to wait", "in hours"
        let wait = |x: &Tok| is_word(x, &["wait", "retry", "waiting"]);
        let unit = sentence.iter().enumerate().find(|&(j, x)| {
            is_word(x, &["minutes", "hours", "days"])
                && (j >= 2
                    && is_word(&sentence[j - 1], &["of"])
                    && is_word(&sentence[j - 2], &["number", "count"])
                    || is_word_at(sentence, j + 1, &["to"])
                        && sentence.get(j + 2).is_some_and(wait)
                    || j >= 1 && is_word(&sentence[j - 1], &["in"]))
        });
        if let Some((_, u)) = unit {
            push(
                out,
                Rule::Directive,
                u,
                "the wait after `RATE_LIMITED` said in another unit: its `Retry-After` is a number of seconds".to_owned(),
            );
            return;
        }
    }
}

/// A code said for a case beside its own, of another thing than the one it answers for:
/// `NO_ONCALL_DOCTOR` answers a clinic with nobody on call, so a case that has the oncall doctor
/// there and says what that doctor is or has ("the oncall doctor has too many appointments",
/// "the authenticated doctor is the oncall doctor") is none of it; `SLOT_TAKEN` answers a slot
/// booked by someone else, not the patient's own other appointment at that time;
/// `INTAKE_EXISTS` this appointment's second intake, not an intake of another appointment; and
/// `IDEMPOTENCY_KEY_CONFLICT` a key reused with another body, not a key another person holds.
fn case_misplaced(code: &str, case: &[&Tok]) -> Option<&'static str> {
    let other = |x: &Tok| is_word(x, &["another", "other", "different", "overlapping"]);
    let other_before = |list: &[&str]| case.windows(2).any(|w| other(w[0]) && is_word(w[1], list));
    const APPOINTMENT: &[&str] = &["appointment", "appointments", "visit", "visits", "booking"];
    const PERSON: &[&str] = &[
        "patient", "patients", "person", "people", "caller", "callers", "user", "users", "doctor",
        "doctors",
    ];
    let wrong = match code {
        "no_oncall_doctor" => {
            // (an absence said anywhere in the case is its own: "the oncall doctor is missing")
            let absent = case.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "no",
                        "nobody",
                        "none",
                        "not",
                        "without",
                        "missing",
                        "absent",
                        "lacks",
                        "vacant",
                        "unassigned",
                        "empty",
                        "nothing",
                    ],
                )
            });
            let there = case.windows(3).enumerate().any(|(j, w)| {
                let oncall =
                    is_word(w[1], &["oncall", "on-call"]) && is_word(w[2], &["doctor", "doctors"]);
                let definite = is_word(w[0], &["the", "its", "their", "this", "that"]);
                // (the subject of a verb, or what someone is said to be)
                let said = case
                    .get(j + 3)
                    .is_some_and(|v| is_word(v, &["is", "are", "was", "has", "have", "had"]))
                    || j >= 1 && is_word(case[j - 1], &["is", "are", "was"]);
                oncall && definite && said
            });
            there && !absent
        }
        "slot_taken" => {
            let own = case.iter().any(|x| {
                is_word(
                    x,
                    &["patient", "patient's", "caller", "caller's", "own", "their"],
                )
            });
            let someone_else = other_before(PERSON) || case.iter().any(|x| is_word(x, &["else"]));
            own && !someone_else && other_before(APPOINTMENT)
        }
        "intake_exists" => other_before(APPOINTMENT),
        "idempotency_key_conflict" => other_before(PERSON),
        _ => false,
    };
    wrong.then_some(
        "a code said for a case beside its own: `NO_ONCALL_DOCTOR` answers a clinic with nobody on call, `SLOT_TAKEN` a slot booked by someone else, `INTAKE_EXISTS` a second intake of the same appointment, `IDEMPOTENCY_KEY_CONFLICT` the same key with another body",
    )
}

/// A page past the last said to answer anything but an empty page ("a page past the last gives
/// `VALIDATION_ERROR`", "… the last page again", "past the last page, the first page"): the
/// clinic API answers such a page with no items, and neither this server nor it refuses one, so
/// the agent that reads an error or a repeat stops early or loops. Read on a tool with a page
/// argument, where "past the last" is said of a page.
pub(super) fn page_past_end(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !crate::served::args_of(tool).any(|a| a.name == "page") {
        return;
    }
    let page = |j: usize| is_word_at(toks, j, &["page", "pages"]);
    for k in 0..toks.len() {
        let past = is_word(&toks[k], &["past", "beyond", "after"])
            && is_word_at(toks, k + 1, &["the"])
            && is_word_at(toks, k + 2, &["last", "final"])
            && (k >= 1 && page(k - 1) || page(k + 3));
        if !past {
            continue;
        }
        let stop = |j: usize| toks[j].kind == Kind::Stop;
        let start = (0..k).rev().find(|&j| stop(j)).map_or(0, |j| j + 1);
        let end = (k..toks.len()).find(|&j| stop(j)).unwrap_or(toks.len());
        let empty = toks[start..end]
            .iter()
            .any(|x| is_word(x, &["empty", "no", "nothing", "none", "zero", "without"]));
        // (a sentence that says only where the last page is says nothing past it)
        let said = toks[k + 3..end].iter().chain(&toks[start..k]).any(|x| {
            x.kind == Kind::Ident
                || x.kind == Kind::Word
                    && !is_word(x, &["page", "pages", "one", "the", "a", "number", "of"])
        });
        if !empty && said {
            push(
                out,
                Rule::Directive,
                &toks[k],
                "a page past the last said to answer something: it answers an empty page, with no items and no error".to_owned(),
            );
            return;
        }
    }
}

/// Whether the token at `j` names the act of the tool `owner` in the case of a code: its
/// participle after "when", "if", "once" or "be" ("when cancelled again", "can be booked by
/// another patient first"; not a status: "a cancelled appointment", "was booked"), a second intake for
/// the intake's tool, or the doctor list for `list_doctors`.
fn act_done(toks: &[Tok], j: usize, owner: &str) -> bool {
    let done = act_participles(owner.split('_').next().unwrap_or(""));
    let x = &toks[j];
    if is_word(x, done) {
        return j >= 1 && is_word(&toks[j - 1], &["when", "if", "once", "be", "been"]);
    }
    match owner {
        "record_intake" => {
            is_word(x, &["intake", "intakes"])
                && j >= 1
                && is_word(&toks[j - 1], &["second", "another", "new"])
        }
        "list_doctors" => {
            is_word(x, &["list"])
                && (j >= 1 && is_word(&toks[j - 1], &["doctor", "doctors"])
                    || is_word_at(toks, j + 1, &["of"]) && is_word_at(toks, j + 2, &["doctors"]))
        }
        _ => false,
    }
}

/// A code said as the answer of a tool of this server that never gives it ("Cancel … `SLOT_TAKEN`
/// when the slot was booked again", "Get … `INTAKE_EXISTS` for an appointment with an intake",
/// "List the specialties … `UNKNOWN_SPECIALTY` for a specialty with no doctor"): each code comes
/// from the routes and checks of the tools that answer it ([`tools_answering`]), so the agent
/// waits for, or explains, an answer that never comes. A sentence that names a tool that gives
/// it, or that tool's act, says what that act answers ("a booking may then find it taken, with
/// `SLOT_TAKEN`"); a code denied just before it ("never gives `SLOT_TAKEN`") is none.
pub(super) fn code_of_another_tool(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if crate::served::role_of(tool).is_none() {
        return;
    }
    for (k, t) in toks.iter().enumerate() {
        if !capital_code(t, text) {
            continue;
        }
        let Some(owners) = tools_answering(&t.text).filter(|o| !o.contains(&tool)) else {
            continue;
        };
        let (s, _) = sentence_around(toks, k, text);
        // (the act may be named in a clause before it: "… unavailable at the booking; then the
        // answer is `SLOT_TAKEN`")
        let full =
            |j: usize| toks[j].kind == Kind::Stop && &text[toks[j].start..toks[j].end] == ".";
        let from = (0..k).rev().find(|&j| full(j)).map_or(0, |j| j + 1);
        let e = (k..toks.len()).find(|&j| full(j)).unwrap_or(toks.len());
        let denied = toks[s.max(k.saturating_sub(4))..k]
            .iter()
            .any(|x| is_word(x, &["no", "not", "never", "nor", "without", "neither"]));
        let owner_named = (from..e).any(|j| {
            let x = &toks[j];
            owners.contains(&x.text.as_str())
                || owners.iter().any(|o| {
                    let first = o.split('_').next().unwrap_or("");
                    is_word(x, act_words(first)) || act_done(toks, j, o)
                })
        });
        if denied || owner_named {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "a code said as the answer of a tool that never gives it: {tool} does not answer `{}`; each code comes from the routes and checks of its own tools",
                t.text.to_ascii_uppercase()
            ),
        );
        return;
    }
}

/// A code of the contract said with an HTTP status it does not stand for ("404
/// `NO_ONCALL_DOCTOR`", "`SLOT_TAKEN` (422)"): the contract gives each code one status, so the
/// agent reading the status takes the answer for another case. A status written right before
/// the code, or in brackets right after it, is the code's own.
pub(super) fn status_of_another_code(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    let status_at = |j: usize| {
        toks.get(j)
            .filter(|x| x.kind == Kind::Ident)
            .and_then(|x| http_status(&x.text))
    };
    for (k, t) in toks.iter().enumerate() {
        if !capital_code(t, text) {
            continue;
        }
        // (only a code the contract gives a status: this server's own codes have none)
        let has_one = ["400", "401", "403", "404", "409", "422", "429"]
            .iter()
            .any(|n| http_status(n).is_some_and(|c| c.contains(&t.text.as_str())));
        if !has_one {
            continue;
        }
        let between = |a: &Tok, b: &Tok| text.get(a.end..b.start).map(str::trim);
        let before = (k >= 1)
            .then(|| k - 1)
            .filter(|&j| between(&toks[j], t).is_some_and(|g| g.is_empty() || g == "`"))
            .and_then(status_at);
        let after = (k + 1..toks.len().min(k + 3))
            .find(|&j| {
                between(t, &toks[j])
                    .is_some_and(|g| matches!(g.replace(' ', "").as_str(), "(" | "`("))
            })
            .and_then(status_at);
        if before
            .into_iter()
            .chain(after)
            .any(|codes| !codes.contains(&t.text.as_str()))
        {
            push(
                out,
                Rule::Directive,
                t,
                "a code said with a status it does not stand for: the contract gives each code one HTTP status".to_owned(),
            );
        }
    }
}
