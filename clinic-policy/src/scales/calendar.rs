//! Dates and days: a date form with the day before the month, a date in digits and in words
//! that differ, and a day of the week numbered other than ISO 8601's (1 is Monday, 7 Sunday).

use std::ops::Range;

use super::{Found, Word, at_word};
use crate::lang::words::WEEKDAYS_AND_MONTHS;

/// A date in digits, year first, as (year, month, day) read month before day.
pub(super) fn iso_date(w: &Word) -> Option<(u32, u32, u32)> {
    let mut p = w.text.split('-').map(|x| x.parse::<u32>().ok());
    let (y, m, d) = (p.next()??, p.next()??, p.next()??);
    (p.next().is_none() && y > 999).then_some((y, m, d))
}

/// A date in words at `k`: "3 April 2026" or "April 3 2026"; with no year, the year is 0
/// ("12 January").
pub(super) fn date_in_words(w: &[Word], k: usize) -> Option<(u32, u32, u32)> {
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

/// A date form written in letters (`YYYY-DD-MM`, `DD-MM-YYYY`, `DD.MM`, `YYYYDDMM`) that puts
/// the day before the month: its range.
pub(super) fn day_before_month(text: &str) -> Option<Range<usize>> {
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
        // (with no mark between, the groups of one letter are the parts: `YYYYDDMM`, `DDMM`;
        // two letters at least each, so `mm` and `dd` alone are no form)
        let grouped = parts == 1
            && order.len() >= 2
            && text[s..i].len() >= 4
            && text.as_bytes()[s..i]
                .chunk_by(|a, b| a.eq_ignore_ascii_case(b))
                .all(|g| g.len() >= 2);
        if word && ends && ((parts >= 2 && order.len() == parts) || grouped) {
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

/// A day of the week given a number other than ISO 8601's, where 1 is Monday and 7 Sunday ("1
/// means Sunday", "from 0 (Monday) to 6 (Sunday)", "Sunday as day 1", "the week starts on
/// Sunday"): the patient is told the wrong day.
pub(super) fn weekday_misnumbered(w: &[Word]) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    // ISO's number of a weekday, Monday 1
    let day = |i: usize| {
        at(i)
            .and_then(|x| WEEKDAYS_AND_MONTHS[..7].iter().position(|d| *d == x))
            .map(|p| p as u32 + 1)
    };
    let num = |i: usize| {
        at(i)
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|n| *n <= 7)
    };
    for (k, word) in w.iter().enumerate() {
        // "1 means Sunday", "1 for Sunday", "1 is Sunday", "1 (Sunday)"
        let said = num(k).and_then(|n| {
            let d = if matches!(at(k + 1), Some("for" | "means" | "is" | "as")) {
                day(k + 2)
            } else {
                day(k + 1)
            };
            d.map(|d| (n, d))
        });
        // "Sunday as day 1", "Sunday as 1", "day 1 is Saturday"
        let said = said
            .or_else(|| {
                let d = day(k)?;
                let n = if at(k + 1) == Some("as") && at(k + 2) == Some("day") {
                    num(k + 3)
                } else if at(k + 1) == Some("as") {
                    num(k + 2)
                } else {
                    None
                }?;
                Some((n, d))
            })
            .or_else(|| {
                (at(k) == Some("day") && at(k + 2) == Some("is"))
                    .then(|| Some((num(k + 1)?, day(k + 3)?)))
                    .flatten()
            });
        if let Some((n, d)) = said
            && n != d
        {
            return at_word(
                word,
                "a day of the week is numbered as ISO 8601 numbers it, 1 Monday to 7 Sunday",
            );
        }
        // "the week starts on Sunday", and in a name, "day from Sunday"
        let starts = (matches!(at(k), Some("starts" | "begins")) && at(k + 1) == Some("on"))
            .then(|| day(k + 2))
            .flatten()
            .or_else(|| {
                (at(k) == Some("day") && at(k + 1) == Some("from"))
                    .then(|| day(k + 2))
                    .flatten()
            });
        if starts.is_some_and(|d| d != 1) {
            return at_word(
                word,
                "a day of the week is numbered as ISO 8601 numbers it, 1 Monday to 7 Sunday",
            );
        }
    }
    None
}
