//! What an amount, an id or a person's value is: given as it is, in its own unit, never scaled,
//! capped, renumbered or sent elsewhere by the text.

use super::{Found, Word, at_word};
use crate::lang::units::unit;

/// An amount, an id or a person's value changed by the text: a unit multiplied ("in hundreds of
/// cents", "in hundreds", "times 100", "in units of 10 `mg`"), a mark for thousands that reads as a decimal
/// point ("with a point for thousands"), an id changed by arithmetic or given by its place in a
/// list ("as returned by find_available_slots plus 1", "its position in the list"), a person's
/// value capped ("an age over 65 is 65", "a longer duration is 24"), an age cut to a range
/// ("from 18 to 65"), and a refund paid to the clinic.
pub(super) fn amount_changed(w: &[Word]) -> Found {
    let at = |i: usize| w.get(i).map(|x| x.text.as_str());
    let has = |x: &str| w.iter().any(|t| t.text == x);
    let number = |i: usize| at(i).and_then(|x| x.parse::<f64>().ok());
    for (k, word) in w.iter().enumerate() {
        // a unit multiplied
        let multiple = (matches!(at(k), Some("tens" | "hundreds" | "thousands" | "millions"))
            && at(k + 1) == Some("of")
            && at(k + 2).and_then(unit).is_some())
            // (a count or an amount given in a multiple of its own unit: "in hundreds", "as
            // thousands", "in hundreds of slots"; a count is a plain number)
            || (k >= 1
                && matches!(at(k - 1), Some("in" | "as"))
                && matches!(
                    at(k),
                    Some("tens" | "dozens" | "hundreds" | "thousands" | "millions")
                ))
            || (at(k) == Some("units") && at(k + 1) == Some("of") && number(k + 2).is_some())
            || (matches!(at(k), Some("times" | "multiplied" | "divided"))
                && (number(k + 1).is_some() || at(k + 1) == Some("by")));
        if multiple {
            return at_word(
                word,
                "a unit multiplied: a value is given in its own unit, as it is",
            );
        }
        // a mark for thousands
        if matches!(at(k), Some("point" | "comma" | "dot"))
            && at(k + 1) == Some("for")
            && matches!(at(k + 2), Some("thousands" | "the"))
        {
            return at_word(
                word,
                "a mark for thousands reads as a decimal point: a number is written with none",
            );
        }
    }
    // a unit halved ("in half days"), and a patient's own amount given per another unit ("Amount
    // of one medication, in `mg` per `kg`": a protocol's dose may be per weight, the patient's
    // is what the patient takes)
    for (k, word) in w.iter().enumerate() {
        let halved =
            at(k) == Some("in") && at(k + 1) == Some("half") && at(k + 2).and_then(unit).is_some();
        let per = at(k).and_then(unit).is_some()
            && (at(k + 1) == Some("per")
                || (at(k + 1) == Some("for") && at(k + 2) == Some("each")))
            && has("medication")
            && !has("protocol");
        if halved || per {
            return at_word(
                word,
                "a unit halved or given per another: a value is given in its own unit, as it is",
            );
        }
    }
    // an id changed by arithmetic or given by its place in a list
    if has("id") || has("ids") {
        for k in 0..w.len() {
            let arithmetic = matches!(
                at(k),
                Some("plus" | "minus" | "added" | "subtracted" | "half" | "twice" | "double")
            ) || (matches!(at(k), Some("times")) && number(k + 1).is_some())
                || (matches!(at(k), Some("more" | "less" | "after" | "before"))
                    && (k + 1..(k + 5).min(w.len())).any(|j| at(j) == Some("returned")))
                || (matches!(at(k), Some("more" | "less"))
                    && at(k + 1) == Some("than")
                    && w[k + 2..].iter().take(4).any(|t| t.text == "id"));
            let place = matches!(at(k), Some("position" | "index" | "place"))
                && at(k + 1) == Some("in")
                && (k + 2..(k + 5).min(w.len())).any(|j| at(j) == Some("list"));
            let counted = at(k) == Some("number")
                && at(k + 1) == Some("of")
                && (k + 2..(k + 8).min(w.len())).any(|j| at(j) == Some("list"));
            if arithmetic || place || counted {
                return at_word(
                    &w[k],
                    "an id is given as returned, never changed or counted by its place in a list",
                );
            }
        }
    }
    // a person's value capped: "an age over 65 is 65", "a longer duration is 24"
    for k in 0..w.len() {
        let over = matches!(at(k), Some("over" | "above" | "past"))
            && number(k + 1).is_some()
            && at(k + 2) == Some("is")
            && number(k + 3).is_some();
        let longer = matches!(
            at(k),
            Some("longer" | "larger" | "higher" | "greater" | "heavier" | "older")
        ) && (k + 1..(k + 4).min(w.len()))
            .any(|j| at(j) == Some("is") && number(j + 1).is_some());
        if over || longer {
            return at_word(
                &w[k],
                "a person's value capped: a value is what was measured or said",
            );
        }
    }
    // an age cut to a range
    if w.iter().take(3).any(|t| t.text == "age") {
        for (k, word) in w.iter().enumerate() {
            let bound = |i: usize| number(i).is_some_and(|n| (1.0..110.0).contains(&n));
            // (a limit said of some care passes: "pediatrics only for patients under 16")
            let ranged = (at(k) == Some("from") && bound(k + 1))
                || (at(k) == Some("up") && at(k + 1) == Some("to") && bound(k + 2))
                || (bound(k) && at(k + 1) == Some("to") && number(k + 2).is_some());
            if ranged {
                return at_word(
                    word,
                    "an age cut to a range: who may book is the clinic's to say, and a value of age is the patient's",
                );
            }
        }
    }
    // a name (a few words): an object's place in a list for its id (`slot_position`), a bound
    // (`severity_up_to_six`), a key made of another thing (`doctor_request_key`), a value left out
    // (`omitted_specialty`, `other_than_doctor_id`), money named for someone else
    // (`reception_late_fee`)
    // (its words joined by single spaces, as a name's read from its underscores: "The symptoms,
    // up to 1000 characters" is a phrase)
    let joined = w.windows(2).all(|p| p[1].start == p[0].end + 1);
    if w.len() <= 6 && joined {
        let kind = w.iter().any(|t| {
            matches!(
                t.text.as_str(),
                "slot" | "appointment" | "doctor" | "visit" | "entry"
            )
        });
        let found = if kind && (has("position") || has("index") || (has("list") && has("number"))) {
            Some("an id is given as returned, never changed or counted by its place in a list")
        } else if (0..w.len()).any(|k| at(k) == Some("up") && at(k + 1) == Some("to")) {
            Some("a name holds no bound: a value is what was measured or said")
        } else if has("key")
            && w.iter().any(|t| {
                matches!(
                    t.text.as_str(),
                    "doctor" | "day" | "date" | "slot" | "patient" | "time" | "name"
                )
            })
        {
            Some("one key for many requests: a key of the request is new for each request")
        } else if has("omitted") || has("excluded") || (has("other") && has("than")) {
            Some("a parameter that selects said to leave out what it names")
        } else if (has("fee") || has("deposit") || has("refund"))
            && w.iter()
                .any(|t| matches!(t.text.as_str(), "reception" | "doctor" | "staff"))
        {
            Some("money named for someone else: what the patient pays is shown to the patient")
        } else {
            None
        };
        if let Some(why) = found {
            return at_word(&w[0], why);
        }
    }
    // a phone number: digits that only a line has (a leading 0 or +, seven or more)
    if let Some(k) = (0..w.len()).find(|&k| {
        w[k].text.len() >= 7
            && w[k].text.starts_with('0')
            && w[k].text.bytes().all(|b| b.is_ascii_digit())
    }) {
        return at_word(
            &w[k],
            "a phone number given in the text: a line's number is the clinic's answer's to give, never a catalogue's",
        );
    }
    // an age by a rule of its own ("at the next birthday", "counted from the year of birth"), and
    // a date of birth cut by a date ("no later than 2007-12-31", "after 1945-01-01")
    if w.iter().take(3).any(|t| t.text == "age")
        && (has("birthday")
            || (has("year") && has("birth"))
            || has("whole")
            || (has("end") && has("year")))
    {
        return at_word(
            &w[0],
            "an age by a rule of its own: an age is the patient's age on the day",
        );
    }
    if has("birth")
        && let Some(k) = (0..w.len()).find(|&k| {
            matches!(
                at(k),
                Some("after" | "before" | "later" | "earlier" | "from")
            ) && w[k + 1..]
                .iter()
                .take(3)
                .any(|t| super::calendar::iso_date(t).is_some())
        })
    {
        return at_word(
            &w[k],
            "a date of birth cut by a date: who may book is the clinic's to say",
        );
    }
    // a refund paid to the clinic
    if has("refund")
        && (0..w.len()).any(|k| {
            at(k) == Some("account") && at(k + 1) == Some("of") && at(k + 3) == Some("clinic")
        })
    {
        return at_word(
            &w[0],
            "a refund is the patient's: it is paid back, never to the clinic",
        );
    }
    None
}
