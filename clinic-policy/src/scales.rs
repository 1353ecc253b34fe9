//! The two sides of an example or a gloss agree. "In `mg`, for example 500 for 5 `mg`", "in
//! cents; 2500 means EUR 0.25", "in days, for example 1 for a week", "`mg` and `ml` are the same
//! unit" and "2026-03-04 for 3 April 2026" each scale a value by another factor than its unit
//! has, so the reader gives or shows the wrong dose, fee, age or day. A date written day before
//! month after the year (`YYYY-DD-MM`) is no format anyone reads the same way. The same holds
//! of how a scale, a queue or a list is read: a scale glossed upside down, a place counted from
//! the end, the least useful first with one by default, and a number glossed as a promise.

use std::ops::Range;

use crate::lang::units::{Dimension, number_word, unit};
use crate::lang::words::WEEKDAYS_AND_MONTHS;
use crate::types::{Rule, Violation};

/// One word of a text for this reading: lower case, a decimal point or a date's hyphen kept
/// between digits, a currency sign a word of its own.
struct Word {
    text: String,
    start: usize,
    end: usize,
}

fn words(text: &str) -> Vec<Word> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() {
            let s = i;
            while i < b.len()
                && (b[i].is_ascii_alphanumeric()
                    || (matches!(b[i], b'.' | b'-' | b',')
                        && b[i - 1].is_ascii_digit()
                        && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            out.push(Word {
                text: text[s..i].to_ascii_lowercase().replace(',', ""),
                start: s,
                end: i,
            });
        } else if c == b'$' {
            out.push(Word {
                text: "$".into(),
                start: i,
                end: i + 1,
            });
            i += 1;
        } else if text[i..].starts_with('€') {
            out.push(Word {
                text: "€".into(),
                start: i,
                end: i + '€'.len_utf8(),
            });
            i += '€'.len_utf8();
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// A number in digits or in a word.
fn number(w: &Word) -> Option<f64> {
    w.text.parse::<f64>().ok().or_else(|| number_word(&w.text))
}

/// An amount at `k`: a number and its unit ("5 mg", "a week", "half a minute", "an hour and a
/// half") or a currency and its number ("EUR 0.25", "$ 40"); its value in the dimension's
/// smallest unit and the index after it.
fn amount(w: &[Word], k: usize) -> Option<(Dimension, f64, usize)> {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    // a currency first
    if let Some((d @ Dimension::Money, size)) = at(k).and_then(unit)
        && let Some(n) = w.get(k + 1).and_then(|x| x.text.parse::<f64>().ok())
    {
        return Some((d, n * size, k + 2));
    }
    let mut n = number(w.get(k)?)?;
    let mut u = k + 1;
    // "half a minute"
    if at(k) == Some("half") && matches!(at(u), Some("a" | "an")) {
        u += 1;
    }
    let (d, size) = unit(at(u)?)?;
    let mut end = u + 1;
    if at(end) == Some("and") && at(end + 1) == Some("a") && at(end + 2) == Some("half") {
        n += 0.5;
        end += 3;
    }
    Some((d, n * size, end))
}

/// The unit a text gives its values in before `k`: the last "in <unit>" or "of <unit>" ("in
/// `mg`", "a number of days").
fn declared(w: &[Word], k: usize) -> Option<(Dimension, f64)> {
    (1..k)
        .rev()
        .find_map(|i| matches!(w[i - 1].text.as_str(), "in" | "of").then(|| unit(&w[i].text))?)
}

/// A date in digits, year first, as (year, month, day) read month before day.
fn iso_date(w: &Word) -> Option<(u32, u32, u32)> {
    let mut p = w.text.split('-').map(|x| x.parse::<u32>().ok());
    let (y, m, d) = (p.next()??, p.next()??, p.next()??);
    (p.next().is_none() && y > 999).then_some((y, m, d))
}

/// A date in words at `k`: "3 April 2026" or "April 3 2026"; with no year, the year is 0
/// ("12 January").
fn date_in_words(w: &[Word], k: usize) -> Option<(u32, u32, u32)> {
    let month = |i: usize| {
        w.get(i)
            // (the months, in order, after the seven weekdays)
            .and_then(|x| WEEKDAYS_AND_MONTHS[7..].iter().position(|m| *m == x.text))
            .map(|m| m as u32 + 1)
    };
    let num = |i: usize| w.get(i).and_then(|x| x.text.parse::<u32>().ok());
    if let (Some(d), Some(m), Some(y)) = (num(k), month(k + 1), num(k + 2)) {
        return Some((y, m, d));
    }
    if let (Some(m), Some(d), Some(y)) = (month(k), num(k + 1), num(k + 2)) {
        return Some((y, m, d));
    }
    if let (Some(d), Some(m)) = (num(k), month(k + 1)) {
        return Some((0, m, d));
    }
    if let (Some(m), Some(d)) = (month(k), num(k + 1)) {
        return Some((0, m, d));
    }
    None
}

/// A date form written in letters (`YYYY-DD-MM`, `DD-MM-YYYY`, `DD.MM`) that puts the day
/// before the month: its range.
fn day_before_month(text: &str) -> Option<Range<usize>> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let s = i;
        let mut order = Vec::new();
        while i < b.len()
            && matches!(
                b[i].to_ascii_lowercase(),
                b'y' | b'm' | b'd' | b'-' | b'/' | b'.'
            )
        {
            let c = b[i].to_ascii_lowercase();
            if c.is_ascii_alphabetic() && order.last() != Some(&c) {
                order.push(c);
            }
            i += 1;
        }
        let word = s == 0 || !b[s - 1].is_ascii_alphanumeric();
        let ends = i >= b.len() || !b[i].is_ascii_alphanumeric();
        let parts = text[s..i]
            .split(['-', '/', '.'])
            .filter(|p| !p.is_empty())
            .count();
        if word && ends && parts >= 2 && order.len() == parts {
            let at = |c: u8| order.iter().position(|&x| x == c);
            if let (Some(d), Some(m)) = (at(b'd'), at(b'm'))
                && d < m
            {
                return Some(s..i);
            }
        }
        if i == s {
            i += text[s..].chars().next().map_or(1, char::len_utf8);
        }
    }
    None
}

/// A statement of time zones that is false somewhere in the year or names another place's
/// time: a fixed offset from UTC ("UTC plus 1 hour", `UTC+1`), UTC said to be a local time, or a
/// time shown to a person said to be in UTC or in the local time of anything but the clinic.
fn clock_misstated(text: &str) -> Option<Range<usize>> {
    let w = words(text);
    let lower = text.to_ascii_lowercase();
    for (i, _) in lower.match_indices("utc") {
        let b = lower.as_bytes();
        if (i > 0 && b[i - 1].is_ascii_alphanumeric())
            || b.get(i + 3).is_some_and(u8::is_ascii_alphabetic)
        {
            continue;
        }
        let rest = lower[i + 3..].trim_start();
        if rest.starts_with('+')
            || rest.starts_with('-')
            || rest.starts_with("plus")
            || rest.starts_with("minus")
        {
            return Some(i..i + 3);
        }
    }
    // sentences: words between two of `.`, `;` or `:`
    let mut bounds = vec![0];
    bounds
        .extend((1..w.len()).filter(|&j| text[w[j - 1].end..w[j].start].contains(['.', ';', ':'])));
    bounds.push(w.len());
    for pair in bounds.windows(2) {
        let s = &w[pair[0]..pair[1]];
        if s.is_empty() {
            continue;
        }
        let has = |x: &str| s.iter().any(|t| t.text == x);
        // UTC and a local time said to be one
        if has("utc") && has("local") && has("same") {
            return Some(s[0].start..s[s.len() - 1].end);
        }
        // what a person is shown: in the clinic's local time
        if let Some(k) = s
            .iter()
            .position(|t| matches!(t.text.as_str(), "shown" | "displayed"))
        {
            let after: Vec<&str> = s[k..].iter().map(|t| t.text.as_str()).collect();
            let utc = after.windows(2).any(|p| p == ["in", "utc"]);
            let elsewhere = (0..after.len()).any(|j| {
                after[j..].starts_with(&["local", "time", "of"])
                    && !(after
                        .get(j + 3)
                        .is_some_and(|d| matches!(*d, "the" | "its" | "each" | "their"))
                        && after.get(j + 4) == Some(&"clinic"))
            });
            if utc || elsewhere {
                return Some(s[k].start..s[s.len() - 1].end);
            }
        }
    }
    None
}

/// A finding of this reading: where, and why.
type Found = Option<(Range<usize>, &'static str)>;

fn at_word(w: &Word, why: &'static str) -> Found {
    Some((w.start..w.end, why))
}

/// Every example, gloss or sameness of units in `text` whose two sides differ, and every date
/// form, clock, scale, queue or order of the kinds this module names: the first one found.
pub(crate) fn examples_disagree(text: &str, out: &mut Vec<Violation>) {
    let w = words(text);
    let found = day_before_month(text)
        .map(|r| (r, "a date is written year, month, day (`YYYY-MM-DD`); a form with the day before the month is read as another date"))
        .or_else(|| {
            clock_misstated(text).map(|r| (r, "a time zone is named, never given as a fixed offset from UTC or as UTC, and a time shown to a person is in the local time of the clinic"))
        })
        .or_else(|| two_sides(&w))
        .or_else(|| units_said_one(&w))
        .or_else(|| read_the_wrong_way(&w));
    if let Some((range, why)) = found {
        out.push(Violation {
            rule: Rule::Directive,
            range,
            detail: why.to_owned(),
        });
    }
}

/// An example or a gloss whose two sides differ: a date in digits and in words, or a number and
/// what it stands for, in size or in kind of unit.
fn two_sides(w: &[Word]) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    for k in 0..w.len() {
        let example = (k >= 2 && at(k - 2) == Some("for") && at(k - 1) == Some("example"))
            || (k >= 2 && at(k - 2) == Some("e") && at(k - 1) == Some("g"));
        // a date and its reading in words: "for example 2026-03-04 for 3 April 2026"
        if let Some(iso) = iso_date(&w[k])
            && matches!(at(k + 1), Some("for" | "means" | "is"))
            && let Some(said) = date_in_words(w, k + 2)
            && ((iso.1, iso.2) != (said.1, said.2) || (said.0 != 0 && iso.0 != said.0))
        {
            return at_word(
                &w[k],
                "the date in digits and the date in words of this example are two dates; a date is written year, month, day",
            );
        }
        // a number and what it stands for
        let Some(n) = w[k].text.parse::<f64>().ok() else {
            continue;
        };
        // the left side with its own unit ("1 `ml` is 1 `mg`"), or in the unit declared before
        let (left, rel) = match amount(w, k) {
            Some((d, v, end)) => (Some((d, v)), end),
            None => (declared(w, k).map(|(d, size)| (d, n * size)), k + 1),
        };
        let Some((ld, lv)) = left else { continue };
        let glossed = matches!(at(rel), Some("means" | "is" | "equals"));
        if !(glossed || at(rel) == Some("for")) {
            continue;
        }
        let Some((rd, rv, _)) = amount(w, rel + 1) else {
            continue;
        };
        // ("a fee of 20 for 30 minutes" is a price per time, not an example)
        if rd != ld && (example || glossed) {
            return at_word(
                &w[k],
                "the two sides of this example are in units of different kinds; an example gives one value in its own unit",
            );
        }
        if rd == ld && (lv - rv).abs() > 0.03 * lv.abs().max(rv.abs()) {
            return at_word(
                &w[k],
                "the two sides of this example differ in size; an example gives the value in the unit the text names, as it is",
            );
        }
    }
    None
}

/// Two units said to be one: "`mg` and `ml` are the same unit", "in `mg`; the same in `ml`".
fn units_said_one(w: &[Word]) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    let why = "two units said to be one: a value is given in one unit, and each unit is its own";
    for (k, word) in w.iter().enumerate() {
        let same_in = k >= 2
            && at(k - 1) == Some("in")
            && at(k - 2) == Some("same")
            && unit(&word.text).is_some_and(|other| declared(w, k - 1).is_some_and(|d| d != other));
        let are_one = matches!(
            (unit(&word.text), at(k + 1), at(k + 2).and_then(unit)),
            (Some(a), Some("and" | "or"), Some(b)) if a != b
        ) && matches!(at(k + 3), Some("are" | "is"))
            && matches!(at(k + 4), Some("the" | "one"))
            && matches!(at(k + 5), Some("same" | "unit"));
        if same_in || are_one {
            return at_word(word, why);
        }
    }
    None
}

/// A scale, a queue or a list read the wrong way: a scale whose low end is glossed as its worst
/// ("from 0 (worst) to 10 (none)"), a place counted from the end of its queue, the least useful
/// first with one by default or at most one ("latest first. Default: 1": the rest is kept
/// back), and a number glossed as a change to come ("0 means the refund is pending").
fn read_the_wrong_way(w: &[Word]) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    for k in 0..w.len() {
        if at(k) == Some("from")
            && let (Some(lo), Some(g1), Some("to"), Some(hi), Some(g2)) = (
                w.get(k + 1).and_then(number),
                at(k + 2),
                at(k + 3),
                w.get(k + 4).and_then(number),
                at(k + 5),
            )
            && lo < hi
            && matches!(g1, "worst" | "most" | "highest" | "maximum" | "severe")
            && matches!(g2, "none" | "least" | "lowest" | "minimum" | "no" | "mild")
        {
            return at_word(
                &w[k + 2],
                "a scale glossed upside down: its low end is the least, its high end the most",
            );
        }
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
    (0..w.len())
        .find(|&k| {
            w[k].text.parse::<f64>().is_ok()
                && at(k + 1) == Some("means")
                && w[k + 2..].iter().take(5).any(|x| x.text == "pending")
        })
        .and_then(|k| {
            at_word(
                &w[k],
                "a number said to mean a change to come: a value says what is, never a promise",
            )
        })
}

#[cfg(test)]
mod tests {
    use super::examples_disagree;

    fn found(text: &str) -> bool {
        let mut out = Vec::new();
        examples_disagree(text, &mut out);
        !out.is_empty()
    }

    /// An example or gloss whose sides differ in size or kind, a date form with the day before
    /// the month, a misstated clock, a scale upside down, a place counted from the end, the
    /// least useful first with one by default, and a number glossed as a promise are refused;
    /// the same shapes with agreeing sides pass.
    #[test]
    fn the_two_sides_of_an_example_agree() {
        for text in [
            "Amount of one medication in `mg`, for example 5000 for 5 `mg`.",
            "Amount of one medication, in `mg`; 500 means 5 `mg`.",
            "Amount of one medication, in `ml`, for example 10 for 10 `mg`.",
            "Amount of one medication in `mg`; 2.5 means 2500 `mg`.",
            "Weight of the patient in `kg`, for example 7000 for 70 `kg`.",
            "Duration of the symptoms in days, for example 1 for a week.",
            "Duration of the symptoms, in hours; 1 means one day.",
            "Age of the patient in years, for example 6 for 6 months.",
            "Fee of the visit, in cents, for example 25 for 25 EUR.",
            "Late fee of the cancellation, in cents; 2500 means EUR 0.25.",
            "Amount of one medication; `mg` and `ml` are the same unit.",
            "Dosage of one medication, in `mg`; the same in `ml` for each child.",
            "Start of the window, a date as `YYYY-DD-MM`.",
            "Date of birth of the patient, day first, as `DD-MM-YYYY`.",
            "First day of the window, for example 2026-03-04 for 3 April 2026.",
            "Date of the slot, for example 2026-06-07 for 6 July.",
            "Find open slots. Times are in UTC; the local time of the clinic is UTC plus 1 hour.",
            "Start of the visit, in the local time of the clinic, UTC+1.",
            "Get one appointment. Times are in the local time of the clinic, the same as UTC.",
            "Find open slots. Times are in UTC; each time shown to the patient is in UTC.",
            "Start of the visit, in UTC; each time shown to the patient is in the local time of Tokyo.",
            "Severity of the pain, from 0 (worst) to 10 (none).",
            "Position of the patient on the waiting list, from 1, counted from the end of the list.",
            "Most slots to return, 1 to 100, latest first. Default: 1.",
            "Appointments of the patient, oldest first; at most one.",
            "Refund of the deposit, in cents; 0 means the refund is pending.",
        ] {
            assert!(found(text), "{text}");
        }
        for text in [
            "Amount of one medication in `mg`, for example 500 for 0.5 `g`.",
            "Fee of the visit, in cents, for example 4500 for 45 EUR.",
            "Late fee of the cancellation, in cents; 2500 means EUR 25.",
            "Duration of the symptoms in days, for example 7 for one week.",
            "Length of the visit in minutes, for example 90 for an hour and a half.",
            "Age of the patient in months, for example 12 for 1 year.",
            "Timeout in seconds, for example 30 for half a minute.",
            "A fee of 20 for 30 minutes of a video visit, in cents.",
            "Start of the window, a date as `YYYY-MM-DD`, for example 2026-04-03 for 3 April 2026.",
            "Month of the visit, as `YYYY-MM`.",
            "Find open slots. Times are in UTC; each time shown to the patient is in the local time of the clinic.",
            "Outcome of the visit, as a short text.",
            "Severity of the symptoms, from 0 (none) to 10 (worst).",
            "Position of the patient on the waiting list, from 1, the next offer first.",
            "Most slots to return, 1 to 100, earliest first. Default: 20.",
            "Number of open slots; 0 means no open slot in the window.",
            "Blood pressure of the patient, for example 120 over 80.",
            "Weight of the patient e.g. 70 `kg`.",
        ] {
            assert!(!found(text), "{text}");
        }
    }
}
