//! How a scale, a queue, a list or a value is read: which end is the most, where a count starts,
//! what comes first, and what a number stands for.

use super::{Found, Word, at_word, number};

/// The words of the text's opening noun phrase, before its first mark (`,`, `;`, `:`, `(`, `.`):
/// what the value the text describes is ("How severe the symptoms are", "For how many days the
/// symptoms have lasted").
fn opening<'a>(w: &'a [Word], text: &str) -> &'a [Word] {
    let end = (1..w.len())
        .find(|&j| text[w[j - 1].end..w[j].start].contains([',', ';', ':', '(', '.']))
        .unwrap_or(w.len());
    &w[..end]
}

/// What a grade is not: a count of time or of things, an age.
const GRADE_OTHERS: &[&str] = &[
    "days", "day", "hours", "weeks", "duration", "age", "symptoms", "number", "count",
];

/// What a duration is not: a grade.
const DURATION_OTHERS: &[&str] = &[
    "severity", "severe", "triage", "score", "rating", "priority",
];

/// Whether the words at `k` equate the value with another measure, or make it by arithmetic from
/// one ("the same as the number of days", "equal to the severity", "10 less the number of
/// days", "twice the severity"): one of `others` within the next words of its sentence.
fn equated_to(w: &[Word], k: usize, same: &dyn Fn(usize, usize) -> bool, others: &[&str]) -> bool {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    let from = match at(k) {
        Some("same") if at(k + 1) == Some("as") => k + 2,
        Some("equal") if at(k + 1) == Some("to") => k + 2,
        Some("equals" | "less" | "minus" | "plus" | "twice" | "half" | "double" | "times") => k + 1,
        _ => return false,
    };
    (from..(from + 4).min(w.len())).any(|j| same(j, k) && others.contains(&w[j].text.as_str()))
}

/// A scale, a queue or a list read the wrong way: a scale whose low end is glossed as its worst
/// or its high end as its least, in any order and wording ("from 0 (worst) to 10 (none)", "10
/// (none) down to 0 (worst)", "0 (most) to 10 (least)", "0 (worst case) to 10 (no pain)"), a
/// place counted from the end of its queue, the least useful first with one by default or at
/// most one ("latest first. Default: 1": the rest is kept back).
pub(super) fn read_the_wrong_way(w: &[Word], text: &str) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    const MOST: &[&str] = &["worst", "most", "highest", "maximum", "severe"];
    const LEAST: &[&str] = &["none", "least", "lowest", "minimum", "no", "mild"];
    // each number glossed by the one word after it: (value, most end, index of the gloss)
    let one_word = (0..w.len().saturating_sub(1)).filter_map(|k| {
        let n = number(&w[k])?;
        let g = at(k + 1)?;
        let alone = at(k + 2).is_none_or(|n| {
            matches!(n, "to" | "down" | "up" | "and" | "or" | "through") || n.parse::<f64>().is_ok()
        });
        let most = MOST.contains(&g);
        ((most || LEAST.contains(&g)) && alone).then_some((n, most, k + 1))
    });
    // … or by the words of a bracket after it, of any length, when they grade how bad a case is
    // ("0 (worst case)", "10 (no pain)", "0 (most severe)"); a bracket that ranks by anything
    // else is a place, 1 first ("1 (most relevant) to 20 (least relevant)")
    let bracketed = (0..w.len().saturating_sub(2)).filter_map(|k| {
        let n = number(&w[k])?;
        let between = &text[w[k].end..w[k + 1].start];
        if between.trim() != "(" {
            return None;
        }
        let close = text[w[k + 1].start..]
            .find(')')
            .map_or(text.len(), |i| w[k + 1].start + i);
        let inside: Vec<&str> = w[k + 1..]
            .iter()
            .take_while(|x| x.end <= close)
            .map(|x| x.text.as_str())
            .collect();
        let grades = inside.iter().any(|g| {
            matches!(
                *g,
                "worst" | "severe" | "severity" | "pain" | "painful" | "symptoms" | "serious"
            )
        });
        if inside.len() < 2 || !grades {
            return None;
        }
        let least = inside
            .iter()
            .any(|g| LEAST.contains(g) || matches!(*g, "not" | "mildest" | "nothing"));
        let most = !least
            && inside.iter().any(|g| {
                MOST.contains(g) || matches!(*g, "extreme" | "unbearable" | "very" | "serious")
            });
        (least || most).then_some((n, most, k + 1))
    });
    let glossed: Vec<(f64, bool, usize)> = one_word.chain(bracketed).collect();
    let upside_down = glossed.iter().find(|&&(lo, most, _)| {
        most && (lo == 0.0
            || glossed
                .iter()
                .any(|&(hi, most_end, _)| !most_end && hi > lo))
    });
    if let Some(&(_, _, g)) = upside_down {
        return at_word(
            &w[g],
            "a scale glossed upside down: its low end is the least, its high end the most",
        );
    }
    if let Some(k) = (2..w.len())
        .find(|&k| at(k - 2) == Some("from") && at(k - 1) == Some("the") && at(k) == Some("end"))
        && w[..k]
            .iter()
            .any(|x| matches!(x.text.as_str(), "position" | "place" | "rank"))
    {
        return at_word(
            &w[k],
            "a place in a queue is counted from its front, 1 the next",
        );
    }
    let order = (1..w.len()).find(|&k| {
        at(k) == Some("first")
            && matches!(at(k - 1), Some("latest" | "oldest" | "last" | "farthest"))
    });
    let one = (0..w.len()).any(|k| {
        (at(k) == Some("default") && matches!(at(k + 1), Some("1" | "one")))
            || (matches!(at(k), Some("1" | "one"))
                && at(k + 1) == Some("by")
                && at(k + 2) == Some("default"))
            || (at(k) == Some("most")
                && k >= 1
                && at(k - 1) == Some("at")
                && matches!(at(k + 1), Some("1" | "one")))
    });
    if let Some(k) = order.filter(|_| one) {
        return at_word(
            &w[k],
            "an order that puts the least useful first, with one by default or at most one: the rest is kept back",
        );
    }
    None
}

/// What a value is read as, against what it names: a success code said to be a failure ("The
/// answer 201 means the slot is taken", "202 is the error `ONCALL_BUSY`"); a sign of an amount
/// given a meaning ("a value under zero is the fee", "as a negative number"); a grade or a place
/// said to be a count of time or another measure ("Severity of the pain, …, the number of days
/// of the pain", "Position …, in days of the wait"); a duration or an age counted from the
/// clinic's own events ("Duration of the symptoms, in hours, from the booking"); one value in two
/// units by case ("in years; under 2, in months"); a dose given as the total of a period;
/// versions numbered from the newest; a zero said to mean a payment by the insurance.
pub(super) fn value_misread(w: &[Word], text: &str) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    let has = |x: &str| w.iter().any(|t| t.text == x);
    // the sentence of each word: words between two of `.`, `;`
    let mut sentence = vec![0usize; w.len()];
    for j in 1..w.len() {
        sentence[j] =
            sentence[j - 1] + usize::from(text[w[j - 1].end..w[j].start].contains(['.', ';']));
    }
    let same = |a: usize, b: usize| sentence.get(a) == sentence.get(b);
    for k in 0..w.len() {
        // a 2xx code with a failure after it in its sentence
        let success = w[k]
            .text
            .parse::<u32>()
            .is_ok_and(|n| (200..300).contains(&n))
            && (matches!(at(k + 1), Some("means" | "is"))
                || at(k + 1).is_some_and(|x| x.starts_with("mean")))
            && (k + 2..w.len()).filter(|&j| same(j, k)).any(|j| {
                matches!(
                    w[j].text.as_str(),
                    "error"
                        | "taken"
                        | "busy"
                        | "full"
                        | "failed"
                        | "failure"
                        | "refused"
                        | "invalid"
                )
            });
        if success {
            return at_word(
                &w[k],
                "a success code said to be a failure: a code means what the protocol says it means",
            );
        }
    }
    // a sign of money given a meaning
    const MONEY: &[&str] = &[
        "fee", "fees", "refund", "deposit", "amount", "price", "cost", "cents", "eur",
    ];
    if w.iter().any(|t| MONEY.contains(&t.text.as_str())) {
        for k in 0..w.len() {
            let negative = matches!(at(k), Some("negative"))
                || (matches!(at(k), Some("under" | "below")) && at(k + 1) == Some("zero"))
                || (at(k) == Some("less")
                    && at(k + 1) == Some("than")
                    && at(k + 2) == Some("zero"));
            let positive_meaning = (matches!(at(k), Some("over" | "above"))
                && at(k + 1) == Some("zero")
                || at(k) == Some("positive"))
                && (k + 1..(k + 5).min(w.len()))
                    .any(|j| matches!(w[j].text.as_str(), "is" | "means"));
            if negative || positive_meaning {
                return at_word(
                    &w[k],
                    "the sign of an amount given a meaning: a fee, a refund and a deposit are each a value of its own, zero or more",
                );
            }
        }
        // "A refund in the result is a late fee"
        if let Some(k) = (0..w.len()).find(|&k| {
            matches!(at(k), Some("refund" | "deposit"))
                && (k + 1..w.len()).take_while(|&j| same(j, k)).any(|j| {
                    at(j) == Some("is")
                        && matches!(at(j + 1), Some("a" | "the"))
                        && (at(j + 2) == Some("fee") || at(j + 3) == Some("fee"))
                })
        }) {
            return at_word(
                &w[k],
                "the sign of an amount given a meaning: a fee, a refund and a deposit are each a value of its own, zero or more",
            );
        }
    }
    // a grade or a place said to be another measure (the value the text names: its head in the
    // first words, or its opening noun phrase, "How severe the symptoms are")
    let named = opening(w, text);
    let head = w
        .iter()
        .take(3)
        .find(|t| {
            matches!(
                t.text.as_str(),
                "severity" | "position" | "triage" | "priority" | "score" | "rank" | "rating"
            )
        })
        .or_else(|| {
            (named.first().is_some_and(|x| x.text == "how")
                && named.get(1).is_some_and(|x| {
                    matches!(
                        x.text.as_str(),
                        "severe" | "bad" | "serious" | "painful" | "strong" | "intense"
                    )
                }))
            .then(|| &named[1])
        });
    if let Some(h) = head {
        let other = (0..w.len()).any(|k| {
            (matches!(at(k), Some("number" | "count")) && at(k + 1) == Some("of"))
                || equated_to(w, k, &same, GRADE_OTHERS)
                // (a value of its own beside it passes: "the estimated waiting time in days")
                || (at(k) == Some("in")
                    && at(k + 1).and_then(crate::lang::units::unit).is_some()
                    && !(k >= 1 && matches!(at(k - 1), Some("time" | "wait" | "duration"))))
                || (at(k) == Some("age") && at(k + 1) == Some("of"))
                || at(k) == Some("sleep")
                // (a name: `severity_days`)
                || (w.len() <= 4
                    && matches!(at(k), Some("days" | "hours" | "weeks" | "minutes"))
                    && k + 1 == w.len())
        });
        if other {
            return at_word(
                h,
                "a grade or a place said to be another measure: a value is what its name says",
            );
        }
    }
    // a duration said to be another measure ("For how many days the symptoms have lasted: the
    // number of symptoms", "…; the same as the severity")
    // (the opening names a duration: "Duration of …", "How long …", or a time unit after
    // words that only ask how many: "For how many days", "Number of days"; "Number of open
    // slots in the coming 2 weeks" counts slots)
    let duration = named
        .iter()
        .any(|t| matches!(t.text.as_str(), "duration" | "durations" | "long"))
        || named
            .iter()
            .position(|t| matches!(t.text.as_str(), "days" | "hours" | "weeks"))
            .is_some_and(|i| {
                named[..i].iter().all(|t| {
                    matches!(
                        t.text.as_str(),
                        "for" | "how" | "many" | "the" | "number" | "count" | "of" | "a" | "total"
                    )
                })
            });
    if duration && head.is_none() {
        let other = (0..w.len()).find(|&k| {
            (matches!(at(k), Some("number" | "count"))
                && at(k + 1) == Some("of")
                && !w[k + 2..]
                    .iter()
                    .take(3)
                    .any(|t| crate::lang::units::unit(&t.text).is_some()))
                || equated_to(w, k, &same, DURATION_OTHERS)
        });
        if let Some(k) = other {
            return at_word(
                &w[k],
                "a duration said to be another measure: a value is what its name says",
            );
        }
    }
    // a duration or an age counted from the clinic's own events
    let timed = duration
        || w.iter()
            .any(|t| matches!(t.text.as_str(), "duration" | "durations" | "age"))
        || w.iter()
            .take(3)
            .any(|t| matches!(t.text.as_str(), "hours" | "days" | "symptom" | "symptoms"));
    if timed {
        for k in 0..w.len() {
            let from = matches!(at(k), Some("from" | "since"));
            let rest: Vec<&str> = w[k + 1..].iter().take(4).map(|t| t.text.as_str()).collect();
            // (the event may come past an owner or a day: "since the patient's last visit", "from
            // the day of the intake"; up to an end: "from their start to the visit" is not)
            let near = (k + 1..w.len())
                .take_while(|&j| {
                    !text[w[j - 1].end..w[j].start].contains([',', ';', ':', '(', '.'])
                        && !matches!(w[j].text.as_str(), "to" | "until")
                })
                .take(5)
                .any(|j| {
                    let t = &w[j];
                    matches!(
                        t.text.as_str(),
                        "booking"
                            | "intake"
                            | "visit"
                            | "appointment"
                            | "escalation"
                            | "confirmation"
                    )
                });
            let rest = rest.strip_prefix(&["the"]).unwrap_or(&rest);
            let event = near
                || matches!(
                    rest.first(),
                    Some(&("booking" | "intake" | "visit" | "appointment" | "form"))
                )
                || matches!(rest, [a, b, ..] if matches!(*a, "last" | "first" | "start" | "time") && matches!(*b, "visit" | "intake" | "booking" | "of"));
            if from && event {
                return at_word(
                    &w[k],
                    "a duration or an age counted from the clinic's own events: it counts from its own start, the symptoms' or the birth",
                );
            }
        }
    }
    // one value in two units of one kind, by case
    let mut declared: Vec<(crate::lang::units::Dimension, f64)> = Vec::new();
    for (k, word) in w.iter().enumerate().skip(1) {
        if at(k - 1) == Some("in")
            && let Some(u) = crate::lang::units::unit(&word.text)
        {
            if declared.iter().any(|d| d.0 == u.0 && d.1 != u.1) {
                return at_word(word, "one value in two units by case: a value has one unit");
            }
            declared.push(u);
        }
    }
    // a dose as the total of a period
    if (has("medication") || has("medications") || has("dose") || has("dosage"))
        && let Some(k) = (0..w.len()).find(|&k| at(k) == Some("total") && at(k + 1) == Some("of"))
    {
        return at_word(
            &w[k],
            "a dose given as the total of a period: an amount of a medication is one dose",
        );
    }
    // versions numbered from the newest
    if has("version") || has("versions") {
        for k in 0..w.len() {
            if matches!(at(k), Some("newest" | "latest"))
                && ((0..w.len())
                    .filter(|&j| same(j, k) && j != k)
                    .any(|j| matches!(w[j].text.as_str(), "1" | "lowest" | "oldest" | "smallest"))
                    || (k >= 1
                        && (at(k - 1) == Some("from")
                            || (at(k - 1) == Some("the") && k >= 2 && at(k - 2) == Some("from")))))
            {
                return at_word(
                    &w[k],
                    "versions numbered from the newest: a version counts up, the highest the newest",
                );
            }
        }
    }
    // an urgent grade or an escalation said to wait days ("with `urgent`, the visit is in the
    // next 3 weeks", "the oncall doctor sees an escalated patient in the next month")
    if w.iter().any(|t| {
        matches!(
            t.text.as_str(),
            "urgent" | "escalation" | "escalated" | "escalate"
        )
    }) {
        for k in 0..w.len() {
            let span = matches!(at(k), Some("next" | "within"))
                && w[k + 1..].iter().take(2).any(|t| {
                    matches!(
                        t.text.as_str(),
                        "day" | "days" | "week" | "weeks" | "month" | "months"
                    )
                });
            if span {
                return at_word(
                    &w[k],
                    "an urgent grade or an escalation said to wait days: when care comes is the clinic's answer's to say",
                );
            }
        }
    }
    // a page past the first by default ("Page of the results, from 1. Default: 2", "Offset …,
    // from 0. Default: 20"): the first results are never seen
    let page = w
        .iter()
        .take(2)
        .any(|t| matches!(t.text.as_str(), "page" | "offset"))
        && !w
            .iter()
            .take(4)
            .any(|t| matches!(t.text.as_str(), "size" | "sizes" | "limit"));
    if page
        && let Some(k) = (0..w.len()).find(|&k| {
            at(k) == Some("default")
                && at(k + 1)
                    .and_then(|x| x.parse::<u32>().ok())
                    .is_some_and(|n| n > u32::from(!has("offset")))
        })
    {
        return at_word(
            &w[k],
            "a page past the first by default: the first page is the default",
        );
    }
    // a place of care said to be open at night or for the whole day ("open for the whole day",
    // "open … at night", "open from 00:00 to 23:59"): a patient goes to a closed building
    if let Some(k) = (0..w.len()).find(|&k| {
        let all_day = matches!(at(k), Some("night" | "nights"))
            || (at(k) == Some("whole") && matches!(at(k + 1), Some("day" | "night")))
            || (at(k) == Some("all") && matches!(at(k + 1), Some("day" | "night")))
            || (at(k) == Some("24") && matches!(at(k + 1), Some("hours" | "7")))
            || (at(k) == Some("00") && at(k + 2) == Some("to") && at(k + 3) == Some("23"));
        all_day
            && (k.saturating_sub(8)..k).any(|j| at(j) == Some("open"))
            && same(
                k,
                (k.saturating_sub(8)..k)
                    .find(|&j| at(j) == Some("open"))
                    .unwrap_or(k),
            )
    }) {
        return at_word(
            &w[k],
            "a place said to be open at night or all day: its hours are the clinic's answer's to give",
        );
    }
    // a zero said to mean a payment by the insurance, or a change to come
    (0..w.len())
        .find(|&k| {
            w[k].text.parse::<f64>().is_ok()
                && at(k + 1) == Some("means")
                && w[k + 2..].iter().take(8).any(|x| matches!(x.text.as_str(), "pending" | "insurance"))
        })
        .and_then(|k| at_word(&w[k], "a number said to mean a change to come or a payment by another: a value says what is, never a promise"))
}
