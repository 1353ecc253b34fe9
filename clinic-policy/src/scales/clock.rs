//! Clocks: times are in UTC or in the local time of the clinic, and the clinics are in several
//! time zones, so a text names no other zone and no fixed offset.

use std::ops::Range;

use super::{Found, Word, at_word};

/// Abbreviations of time zones: each names no place, and most shift with the seasons.
const ZONE_ABBREVIATIONS: &[&str] = &[
    "cet", "cest", "est", "edt", "cst", "cdt", "pst", "pdt", "mst", "mdt", "gmt", "bst", "eest",
    "jst", "aest", "msk",
];

/// The areas of IANA zone names (`Europe/Berlin`), in lower case.
const IANA_AREAS: &[&str] = &[
    "europe/",
    "america/",
    "asia/",
    "africa/",
    "australia/",
    "pacific/",
    "atlantic/",
    "indian/",
    "antarctica/",
    "etc/",
];

/// A statement of time zones that is false somewhere in the year or names another place's
/// time: a fixed offset from UTC ("UTC plus 1 hour", `UTC+1`), a zone's abbreviation, an IANA
/// zone given as the time of the values, the local time of anything but the clinic, UTC said to
/// be a local time, or a time shown to a person said to be in UTC.
pub(super) fn clock_misstated(text: &str, w: &[Word]) -> Option<Range<usize>> {
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
    // a zone of its own: an abbreviation, which names no place and shifts with the seasons or
    // not at all ("in `CET`", "`GMT` plus 1 hour"), or an IANA name said to be the time of the
    // values ("in the time zone `America/New_York`"; an example of a zone's value passes:
    // "Time zone of the clinic, for example `Europe/Berlin`")
    if let Some(t) = w
        .iter()
        .find(|t| ZONE_ABBREVIATIONS.contains(&t.text.as_str()))
    {
        return Some(t.start..t.end);
    }
    for area in IANA_AREAS {
        for (i, _) in lower.match_indices(area) {
            let before = lower[..i].trim_end_matches(['`', ' ', '(']);
            let example = ["for example", "such as", "e.g.", "e.g", "like"]
                .iter()
                .any(|e| before.ends_with(e));
            if !example {
                return Some(i..i + area.len());
            }
        }
    }
    // the local time of anything but the clinic, anywhere ("in the local time of the
    // patient"), and the patient's time in a name (`start_in_patient_time`,
    // `patient_local_start`)
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    // (the clinic, by any of its names)
    let place_of_care =
        |x: &str| matches!(x, "clinic" | "site" | "location" | "practice" | "office");
    for (k, word) in w.iter().enumerate() {
        // (the clinic of a person is the clinic: "the local time of the doctor's clinic")
        let of_another = at(k) == Some("local")
            && at(k + 1) == Some("time")
            && at(k + 2) == Some("of")
            && !(matches!(
                at(k + 3),
                Some("the" | "its" | "each" | "their" | "one" | "that" | "this")
            ) && at(k + 4).is_some_and(place_of_care))
            && !at(k + 3).is_some_and(place_of_care)
            && !(at(k + 5) == Some("s") && at(k + 6).is_some_and(place_of_care));
        let patients = at(k) == Some("patient") && matches!(at(k + 1), Some("time" | "local"));
        // a zone or a clock of a person or a device, or a time of a device ("IANA time zone
        // of the patient", "in the time of the patient's phone"): the API knows UTC and the
        // clinic's zone only ("the patient's zone can differ" says so)
        const PERSONS: &[&str] = &[
            "patient", "patients", "caller", "callers", "user", "users", "person",
        ];
        const DEVICES: &[&str] = &["phone", "device", "browser", "computer"];
        let holder = |x: &str| PERSONS.contains(&x) || DEVICES.contains(&x);
        // (a time "of" a person is the time of their visit; of a device, its clock)
        // (said as the value's zone: "in the time zone of the patient", or what the value is,
        // "IANA time zone of the patient"; "the zone of the patient can differ" passes)
        // (not of the person's clinic, and not denied: "in the time zone of the patient's
        // clinic", "not in the time zone of the patient's phone")
        let clinic_of = w[k + 1..].iter().take(5).any(|x| place_of_care(&x.text));
        let denied = w[k.saturating_sub(4)..k].iter().any(|x| x.text == "not");
        let listed = zone_listed_after_in(text, w, k);
        let said_as_the_values = !clinic_of
            && !denied
            && (k <= 2 || w[k.saturating_sub(3)..k].iter().any(|x| x.text == "in") || listed);
        // (a local time "for" or "where" a person is: "in UTC and the local time for the
        // patient"; not one owned by the clinic, "the clinic's local time for the patient")
        let local_for = at(k) == Some("local")
            && matches!(at(k + 1), Some("time" | "zone"))
            && matches!(at(k + 2), Some("for" | "where" | "at"))
            && w[k + 3..].iter().take(3).any(|x| holder(&x.text))
            && !w[k.saturating_sub(3)..k]
                .iter()
                .any(|x| place_of_care(&x.text));
        let held = said_as_the_values && local_for
            || said_as_the_values
            && matches!(at(k), Some("zone" | "clock" | "timezone"))
            && at(k + 1) == Some("of")
            && w[k + 2..].iter().take(4).any(|x| holder(&x.text))
            || said_as_the_values
                && at(k) == Some("time")
                && at(k + 1) == Some("of")
                && w[k + 2..]
                    .iter()
                    .take(4)
                    .any(|x| DEVICES.contains(&x.text.as_str()))
            // (a person's time said as the values' form, "Start of the slot, in the time of the
            // patient": a zone of the person's)
            || said_as_the_values
                && matches!(at(k), Some("time" | "hours" | "clock"))
                && at(k + 1) == Some("of")
                && k >= 2
                && (at(k - 2) == Some("in") || listed)
                && w[k + 2..]
                    .iter()
                    .take(3)
                    .any(|x| PERSONS.contains(&x.text.as_str()));
        // (the same said with the possessive: "in the patient's time zone", "in the patient's
        // own local time")
        let mut j = k + 1;
        while matches!(at(j), Some("s" | "own")) {
            j += 1;
        }
        // (an "in" of the same clause: "…in UTC; the patient's time zone can differ" passes)
        let in_clause = listed
            || w[k.saturating_sub(3)..k]
                .iter()
                .any(|x| x.text == "in" && !text[x.end..word.start].contains(['.', ';', ':']));
        // (a caution that the patient's zone can differ is no zone of the values: "In the
        // patient's own time zone the date can differ", "… which in the patient's time zone can
        // be another hour")
        let clause_words = || {
            let from = text[..word.start]
                .rfind(['.', ';', ':'])
                .map_or(0, |i| i + 1);
            let to = text[word.end..]
                .find(['.', ';', ':'])
                .map_or(text.len(), |i| word.end + i);
            w.iter()
                .filter(move |x| x.start >= from && x.end <= to)
                .map(|x| x.text.as_str())
        };
        let cautioned = clause_words().any(|x| {
            matches!(
                x,
                "can" | "may" | "might" | "differ" | "differs" | "different" | "another" | "which"
            )
        });
        let possessed = said_as_the_values
            && in_clause
            && !cautioned
            && j > k + 1
            && holder(&word.text)
            && matches!(
                at(j),
                Some("zone" | "timezone" | "time" | "clock" | "local" | "hour" | "hours")
            );
        // (a device's display said as the values' form: "Start of the slot, as the patient's
        // phone shows it", "as shown on the patient's phone")
        const SHOWS: &[&str] = &["shows", "show", "displays", "display", "gives", "reads"];
        let as_before = |d: usize| w[k.saturating_sub(d)..k].iter().any(|x| x.text == "as");
        // (denied before its "as": "not as the patient's phone shows it")
        let shown = DEVICES.contains(&word.text.as_str())
            && !w[k.saturating_sub(6)..k].iter().any(|x| x.text == "not")
            && (as_before(4)
                && w[k + 1..]
                    .iter()
                    .take(2)
                    .any(|x| SHOWS.contains(&x.text.as_str()))
                || w[k.saturating_sub(5)..k].iter().enumerate().any(|(i, x)| {
                    matches!(x.text.as_str(), "shown" | "displayed")
                        && i >= 1
                        && w[k.saturating_sub(5) + i - 1].text == "as"
                }));
        if of_another || patients || held || possessed || shown {
            return Some(word.start..word.end);
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
        // a zone's offset said to hold all year ("its offset from UTC is the same all year",
        // "the offset of a clinic does not change"): an IANA zone's offset moves with summer
        // time, so one slot's offset is no other date's
        if let Some(k) = s
            .iter()
            .position(|t| matches!(t.text.as_str(), "offset" | "offsets"))
        {
            let at = |j: usize| s.get(j).map_or("", |x| x.text.as_str());
            const CHANGE: &[&str] = &[
                "change", "changes", "changed", "vary", "varies", "varied", "differ", "differs",
                "shift", "shifts", "shifted", "move", "moves", "moved",
            ];
            let denied = (k + 1..k + 8).any(|j| {
                CHANGE.contains(&at(j))
                    && (j.saturating_sub(3)..j).any(|i| matches!(at(i), "not" | "never" | "no"))
            });
            let fixed = s.iter().enumerate().any(|(j, t)| {
                matches!(
                    t.text.as_str(),
                    "fixed" | "constant" | "unchanging" | "permanent" | "static" | "unchanged"
                ) && !(j.saturating_sub(2)..j).any(|i| matches!(at(i), "not" | "no" | "never"))
                    // the offset said to stay: "the offset of the clinic from UTC stays 1 hour"
                    || j > k
                        && matches!(t.text.as_str(), "stays" | "stay" | "remains" | "remain")
                        && !(j.saturating_sub(2)..j)
                            .any(|i| matches!(at(i), "not" | "no" | "never"))
            });
            let all_year = (has("same") || has("one") || has("single"))
                && s.iter().any(|t| {
                    matches!(
                        t.text.as_str(),
                        "year" | "years" | "always" | "seasons" | "season" | "dates"
                    )
                });
            if denied || fixed || all_year {
                return Some(s[k].start..s[k].end);
            }
        }
        // a local time given with no offset names no instant ("in the local time of the clinic,
        // with no offset"); a sentence that refuses such a value or says how one is read passes
        // ("A value with no offset is read in the local time zone of the clinic")
        let no_offset = s.windows(2).any(|p| {
            matches!(p[0].text.as_str(), "no" | "without")
                && matches!(p[1].text.as_str(), "offset" | "offsets")
        }) || s.windows(3).any(|p| {
            p[0].text == "without"
                && matches!(p[1].text.as_str(), "an" | "its" | "the" | "any")
                && p[2].text == "offset"
        });
        let refused = s.iter().any(|t| {
            matches!(
                t.text.as_str(),
                "refused"
                    | "rejected"
                    | "invalid"
                    | "error"
                    | "read"
                    | "taken"
                    | "treated"
                    | "interpreted"
                    | "assumed"
                    | "parsed"
                    | "names"
            )
        });
        // (a local time denied: "not a local time with no offset")
        let denied = s.windows(3).any(|p| {
            matches!(p[0].text.as_str(), "not" | "no") && p[1].text == "a" && p[2].text == "local"
        });
        if has("local") && no_offset && !refused && !denied {
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
    // an instant ending in `Z` is UTC's, so an example of one given for a local time is a local
    // time said as UTC ("in the clinic's local time (for example 2026-12-01T14:00:00Z)"): an
    // example is of the last of "local" and "UTC" before it in its sentence, or else of the
    // first after it; a local time denied ("not in the local time") names none (a colon of a
    // time of day and a `;` end no sentence here)
    let apart = |a: &Word, b: &Word| {
        let (x, y) = if a.start < b.start { (a, b) } else { (b, a) };
        let between = text[x.end..y.start].replace("e.g.", "").replace("i.e.", "");
        between.contains('.')
    };
    for (j, t) in w.iter().enumerate() {
        let b = t.text.as_bytes();
        let zulu = b.len() >= 3
            && b[..b.len() - 1].iter().all(u8::is_ascii_digit)
            && text[t.start..t.end].ends_with('Z');
        if !zulu {
            continue;
        }
        let named = |i: &usize| {
            matches!(w[*i].text.as_str(), "local" | "utc")
                && !apart(&w[*i], t)
                && !w[i.saturating_sub(3)..*i].iter().any(|x| x.text == "not")
        };
        let of = (0..j)
            .rev()
            .find(named)
            .or_else(|| (j + 1..w.len()).find(named));
        if of.is_some_and(|i| w[i].text == "local") {
            return Some(t.start..t.end);
        }
    }
    None
}

/// Whether the words before `w[k]` are a list of zones that an "in" or a "with" of the same
/// sentence opens ("in UTC and the patient's local time", "in UTC, or also in the time zone of
/// the user", "clinic with the patient's time zone"): each member of the list is a zone the
/// values are said to be in or given with. A verb or any other word ends the list ("in UTC;
/// convert to the patient's time zone" is no member).
fn zone_listed_after_in(text: &str, w: &[Word], k: usize) -> bool {
    const LIST: &[&str] = &[
        "utc", "and", "or", "both", "also", "as", "well", "the", "a", "its", "their", "each",
        "local", "time", "times", "zone", "timezone", "clinic", "clinics", "s", "of", "own",
        "iana",
    ];
    let mut i = k;
    while i > 0 {
        let x = &w[i - 1];
        if text[x.end..w[i].start].contains(['.', ';', ':']) {
            return false;
        }
        if matches!(x.text.as_str(), "in" | "with") {
            return true;
        }
        if !LIST.contains(&x.text.as_str()) {
            return false;
        }
        i -= 1;
    }
    false
}

/// `Retry-After` said to be in another unit than seconds ("On 429, `Retry-After` is in days"),
/// and a clock of twelve hours with no half of the day ("hours from 1 to 12").
pub(super) fn clock_of_the_answer(w: &[Word]) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    // `Retry-After` in another unit than seconds, and a clock of twelve hours with no half of
    // the day ("from 1 to 12", "1:00 to 12:59")
    for k in 0..w.len() {
        let retry = at(k) == Some("retry")
            && at(k + 1) == Some("after")
            && w[k + 2..].iter().take(7).any(|t| {
                matches!(
                    t.text.as_str(),
                    "minutes" | "minute" | "hours" | "hour" | "days" | "day" | "milliseconds"
                )
            });
        let twelve = (at(k) == Some("twelve") && w.iter().any(|t| t.text == "hour"))
            || ((at(k) == Some("1") && at(k + 1) == Some("to") && at(k + 2) == Some("12"))
                || (at(k) == Some("1")
                    && at(k + 1) == Some("00")
                    && at(k + 2) == Some("to")
                    && at(k + 3) == Some("12")))
                && w.iter().any(|t| {
                    matches!(
                        t.text.as_str(),
                        "time" | "times" | "hours" | "hour" | "start" | "clock"
                    )
                });
        if retry || twelve {
            return at_word(
                &w[k],
                "a time read in another unit or half of the day: `Retry-After` is in seconds, and a time of day runs from 00:00 to 23:59",
            );
        }
    }
    None
}
