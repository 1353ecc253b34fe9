//! The two sides of an example or a gloss agree. "In `mg`, for example 500 for 5 `mg`", "in
//! cents; 2500 means EUR 0.25", "in days, for example 1 for a week", "`mg` and `ml` are the same
//! unit" and "2026-03-04 for 3 April 2026" each scale a value by another factor than its unit
//! has, so the reader gives or shows the wrong dose, fee, age or day. A date written day before
//! month after the year (`YYYY-DD-MM`) is no format anyone reads the same way. The same holds
//! of how a scale, a queue or a list is read: a scale glossed upside down, a place counted from
//! the end, the least useful first with one by default, and a number glossed as a promise.

use std::ops::Range;

mod amounts;
mod calendar;
mod clock;
mod order;
pub(crate) mod said;

use crate::lang::units::{Dimension, number_word, unit};
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

/// A finding of this reading: where, and why.
type Found = Option<(Range<usize>, &'static str)>;

fn at_word(w: &Word, why: &'static str) -> Found {
    Some((w.start..w.end, why))
}

/// Every example, gloss or sameness of units in `text` whose two sides differ, and every date
/// form, clock, scale, queue or order of the kinds this module names: the first one found.
pub(crate) fn examples_disagree(text: &str, out: &mut Vec<Violation>) {
    let w = words(text);
    let found = calendar::day_before_month(text)
        .map(|r| (r, "a date is written year, month, day (`YYYY-MM-DD`); a form with the day before the month is read as another date"))
        .or_else(|| {
            clock::clock_misstated(text, &w).map(|r| (r, "times are in UTC or in the local time of the clinic: a zone's abbreviation, a fixed offset, one city's zone or another's local time is wrong for some clinic or some season, and a time shown to a person is in the local time of the clinic"))
        })
        .or_else(|| two_sides(&w))
        .or_else(|| units_said_one(&w))
        .or_else(|| order::read_the_wrong_way(&w, text))
        .or_else(|| order::value_misread(&w, text))
        .or_else(|| calendar::weekday_misnumbered(&w))
        .or_else(|| amounts::amount_changed(&w))
        .or_else(|| clock::clock_of_the_answer(&w));
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
        if let Some(iso) = calendar::iso_date(&w[k])
            && matches!(at(k + 1), Some("for" | "means" | "is"))
            && let Some(said) = calendar::date_in_words(w, k + 2)
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
            "Start of the slot, in the time zone `America/New_York`.",
            "Start of the slot, in the time zone america/new_york.",
            "Find open slots of one doctor. Times are in `CET`.",
            "Start of the visit, in `GMT` plus 1 hour.",
            "Opening hours of the clinic, in the local time of the patient.",
            "start in patient time",
            "Day of the week, from 1 for Sunday to 7 for Saturday.",
            "Day of the week, from 0 (Monday) to 6 (Sunday).",
            "Get the opening hours of one clinic for each day of the week, Sunday as day 1.",
            "Day of the week; the week starts on Sunday, as day 1.",
            "day from sunday",
            "Book an open slot for the authenticated patient. The answer 201 means the slot is taken.",
            "Status of the answer; 201 is the error `SLOT_TAKEN`.",
            "Late fee of the cancellation, in cents; a value under zero is the fee.",
            "Refund of the deposit, in cents; a value over zero is a late fee.",
            "Cancel one of the authenticated patient's appointments. A refund in the result is a late fee.",
            "Severity of the pain, from 0 to 10, the number of days of the pain.",
            "Position of the patient on the waiting list, in days of the wait.",
            "severity days",
            "Duration of the symptoms, in hours, counted from the booking.",
            "Age of the patient, in years, counted from the first visit of the patient.",
            "hours since booking",
            "Age of the patient, in years; for a patient under 2, in months.",
            "Amount of one medication, in `mg`, the total of one week.",
            "Version of the protocol, from 1 for the newest.",
            "Fee of the visit, in cents; 0 means the fee is part of the insurance.",
            "Weight of the patient, in `lb`, for example 70 for 70 `kg`.",
            "First day of the window, as `YYYYDDMM`, for example 20260403.",
            "Date of a holiday of the clinic, as `DDMM`.",
            "Late fee of the cancellation, in hundreds of cents.",
            "Late fee of the cancellation, in cents, times 100.",
            "Amount of one medication, in units of 10 `mg`.",
            "Fee of the visit, in EUR, with a point for thousands, for example 1.200 for one thousand two hundred EUR.",
            "Id of the slot, the slot id as returned by find_available_slots plus 1.",
            "Id of the slot, its position in the list as returned by find_available_slots.",
            "Id of the slot: the number of the slot in the list as returned by find_available_slots, from 1.",
            "Age of the patient, in years; an age over 65 is 65.",
            "Duration of the symptoms, in hours, from 0 to 24; a longer duration is 24.",
            "Age of the patient, in years, from 18 to 65.",
            "Refund of the deposit, in cents, paid to the account of the clinic.",
            "Book an open slot for the authenticated patient. On 429, the header `Retry-After` is in days.",
            "Start of the visit, in the local time of the clinic, as hours from 1 to 12.",
            "Triage level of the intake; for `urgent`, the doctor sees the patient in the next month.",
            "slot position",
            "severity up to six",
            "doctor request key",
            "omitted specialty",
            "reception late fee",
            "start hour of twelve",
            "Amount of one medication, in `mg` per `kg` of weight per day, for example 2.",
            "Duration of the symptoms, in half days.",
            "Id of the appointment, one less than the id as returned by list_my_appointments.",
            "Id of the new slot, half the slot id as returned by find_available_slots.",
            "Number of the reception, 09001234, for each question of the patient.",
            "Age of the patient, in years, at the next birthday.",
            "Date of birth of the patient, as `YYYY-MM-DD`, no later than 2007-12-31.",
            "Page of the results, from 1. Default: 2.",
            "Offset of the first result, from 0. Default: 20.",
            "Get the opening hours of one clinic. On holidays the clinic is open from 00:00 to 23:59.",
            "Opening hours of the reception; the ward of the clinic is open for each patient at night.",
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
            "Time zone of the clinic, an IANA name, for example `Europe/Berlin`.",
            "Get the opening hours of one clinic. The hours are in the local time of that clinic.",
            "Day of the week, from 1 for Monday to 7 for Sunday.",
            "Book an open slot for the authenticated patient. The answer 201 means the booking is made.",
            "Fee of the visit in cents, a positive integer.",
            "Position of the patient on the waiting list, with the estimated waiting time in days.",
            "Duration of the symptoms in days, from their start.",
            "Amount of one medication, in `mg`, `ml` or `IU`.",
            "Version of the protocol, from 1; the highest is the newest.",
            "Date of the visit, as `YYYYMMDD`.",
            "start time",
            "duration days",
            "page size",
            "Age of the patient in years, for the age limits of some specialties: pediatrics only for patients under 16.",
            "Id of the doctor of the waiting list to join. No fee is due for a place on the waiting list.",
            "Late fee of the cancellation, in cents, for example 2500 for 25 EUR.",
            "Book an open slot for the authenticated patient. On 429, `Retry-After` gives the wait in seconds.",
            "Start of the visit, in the local time of the clinic, from 00:00 to 23:59.",
            "Triage level of the intake, one of `routine`, `elevated` or `urgent`.",
            "Age of the patient, in years, 0 to 120.",
            "slot id",
            "request key",
            "late fee",
            "Dosage of the protocol, in `mg` per `kg` of weight.",
            "Page size, 1 to 100. Default: 20.",
            "Page of the results, from 1. Default: 1.",
            "Cancel one appointment. Its slot is released and open. A late fee can apply less than 24 hours before the visit.",
            "Search the protocols by words; title matches weigh more than body matches.",
        ] {
            assert!(!found(text), "{text}");
        }
    }
}
