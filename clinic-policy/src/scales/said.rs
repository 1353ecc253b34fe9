//! How a number is said of a value: spelled or in digits, as a range, as one end with a word or
//! a mark of direction, as the top of a scale, or as an example that bounds nothing.

use crate::lang::words::*;

/// The number a token spells and the token it opens at, with its thousands (`1,000`) joined
/// when written without spaces.
pub(crate) fn number(toks: &[Tok], k: usize, text: &str) -> Option<(u32, usize)> {
    // (a number spelled out is the same bound: "zero to five", "one to one hundred"; "one" is
    // also a word of counting, "at most one intake", and is read only beside "to" or a multiple)
    if let Some(t) = toks.get(k).filter(|t| t.kind == Kind::Word) {
        let at = |j: usize, list: &[&str]| is_word_at(toks, j, list);
        let spelled = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve",
        ];
        let tens = [("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50)];
        let small = |j: usize| {
            toks.get(j)
                .and_then(|x| spelled.iter().position(|w| *w == x.text))
                .filter(|_| toks[j].kind == Kind::Word)
        };
        if let Some(n) = small(k) {
            // (a multiple is read at its last word: "two hundred")
            let multiple = at(k + 1, &["hundred", "thousand"]);
            let counting =
                n == 1 && !(at(k + 1, &["to"]) || k >= 1 && at(k - 1, &["to", "from", "between"]));
            if !counting && !multiple {
                return Some((n as u32, k));
            }
        } else if let Some(&(_, n)) = tens.iter().find(|(w, _)| *w == t.text) {
            return Some((n, k));
        } else if let Some(unit) = match t.text.as_str() {
            "hundred" => Some(100),
            "thousand" => Some(1000),
            _ => None,
        } {
            // ("one hundred", "two hundred", "a thousand": one number from its first word)
            return Some(match k.checked_sub(1) {
                Some(p) if small(p).is_some() => (small(p).unwrap_or(1) as u32 * unit, p),
                Some(p) if at(p, &["a"]) => (unit, p),
                _ => (unit, k),
            });
        }
    }
    let digits = |t: &Tok| t.kind == Kind::Ident && t.text.bytes().all(|b| b.is_ascii_digit());
    let t = toks.get(k).filter(|t| digits(t))?;
    let mut first = k;
    let mut spelled = t.text.clone();
    while first >= 2
        && toks[first - 1].text == ","
        && toks[first - 1].start == toks[first - 2].end
        && toks[first].start == toks[first - 1].end
        && toks[first].text.len() == 3
        && digits(&toks[first - 2])
        && toks[first - 2].text.len() <= 3
    {
        spelled.insert_str(0, &toks[first - 2].text);
        first -= 2;
    }
    // (a date or a code of parts joined by hyphens is no number: "2026-12-01", "F-2026-042";
    // two numbers joined are a range, "0-10")
    let joined = |a: usize, b: usize| &text[toks[a].end..toks[b].start] == "-";
    let (mut lo, mut hi) = (first, k);
    while lo > 0 && joined(lo - 1, lo) {
        lo -= 1;
    }
    // (a unit joined to its number is no part of a chain: "a 100-character text")
    while hi + 1 < toks.len() && joined(hi, hi + 1) && !is_word(&toks[hi + 1], LENGTH_UNITS) {
        hi += 1;
    }
    let joins = (first - lo) + (hi - k);
    if joins > 1 || joins == 1 && !(digits(&toks[lo]) && digits(&toks[hi])) {
        return None;
    }
    Some((spelled.parse().ok()?, first))
}

/// The lower bound of a range whose upper bound opens at `k`: "1 to 200", "from 0 (none) to
/// 10", "between 2 and 200", "0-10".
pub(crate) fn lower_bound(toks: &[Tok], k: usize, text: &str) -> Option<u32> {
    lower_at(toks, k, text).map(|(n, _)| n)
}

/// The lower bound of a range whose upper bound opens at `k`, and the token it ends at.
pub(crate) fn lower_at(toks: &[Tok], k: usize, text: &str) -> Option<(u32, usize)> {
    let j = k.checked_sub(1)?;
    // ("0-10": a hyphen between two numbers is no token)
    if &text[toks[j].end..toks[k].start] == "-" {
        return number(toks, j, text).map(|(n, _)| (n, j));
    }
    let mut i = j.checked_sub(1)?;
    let between = |i: usize| (i.saturating_sub(6)..i).any(|x| is_word(&toks[x], &["between"]));
    if !(is_word(&toks[j], &["to", "through"]) || is_word(&toks[j], &["and"]) && between(i)) {
        return None;
    }
    // (an aside after the lower bound: "0 (none) to 10 (worst)")
    if toks[i].text == ")" {
        let open = (i.saturating_sub(5)..i)
            .rev()
            .find(|&x| toks[x].text == "(")?;
        i = open.checked_sub(1)?;
    }
    let (n, _) = number(toks, i, text)?;
    Some((n, i))
}

/// How a number is said of a value: as the upper end of a range, as one end alone, or as a
/// value (an example, a count), which bounds nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Said {
    /// The upper end of a range from this lower end: "1 to 200", "between 2 and 200", "0-10".
    Range(u32),
    /// The lower end of a range, read at its upper end.
    Lower,
    /// "at most 30", "up to 30", "30 or less", "30 at most", "no more than 30", "≤ 30", "5 for
    /// the worst", "5 (worst)".
    AtMost,
    /// "under 5", "below 5", "less than 5", "fewer than 5", "< 5".
    Below,
    /// "at least 1", "minimum 1", "from 8", "8 or more", "8 and up", "≥ 8", "0 for none".
    AtLeast,
    /// "over 7", "above 7", "more than 7", "> 7".
    Above,
    /// The top of the scale: "out of 5", "on a scale of 5".
    Scale,
    /// A value with no direction: "7 is urgent", "for example 14".
    Alone,
}

/// Words that name the top of a scale after its number ("5 for the worst", "10 (worst)", "5 is
/// the highest") and its bottom ("0 for none", "0 (no symptoms)").
pub(crate) const TOP: &[&str] = &[
    "worst",
    "highest",
    "most",
    "top",
    "max",
    "maximum",
    "strongest",
    "severest",
    "greatest",
    "extreme",
    "unbearable",
];
pub(crate) const BOTTOM: &[&str] = &[
    "none", "lowest", "least", "no", "nothing", "mildest", "min", "minimum", "weakest",
];

/// An end of a value named as a noun or an adjective before "is": "the maximum is 5", "the
/// highest value is 5", "the limit is 30".
pub(crate) const ENDS_AT_MOST: &[&str] = &[
    "maximum", "max", "highest", "most", "top", "limit", "cap", "ceiling", "largest", "greatest",
    "longest", "upper",
];
pub(crate) const ENDS_AT_LEAST: &[&str] = &[
    "minimum", "min", "lowest", "least", "smallest", "shortest", "fewest",
];

/// How the number at `first..=k` is said: by a range, by a word or a mark of direction before
/// it or after it (and after its unit: "30 characters at most"), or by the end of a scale it
/// names.
pub(crate) fn said(toks: &[Tok], first: usize, k: usize, text: &str) -> Said {
    if let Some(l) = lower_bound(toks, first, text) {
        return Said::Range(l);
    }
    let upper_of_this = |j: usize| {
        number(toks, j, text)
            .is_some_and(|(_, f)| f > k && lower_at(toks, f, text).is_some_and(|(_, i)| i == k))
    };
    if (k + 1..toks.len().min(k + 10)).any(upper_of_this) {
        return Said::Lower;
    }
    let mark = text[..toks[first].start].trim_end();
    for (m, s) in [
        (">=", Said::AtLeast),
        ("≥", Said::AtLeast),
        ("<=", Said::AtMost),
        ("≤", Said::AtMost),
        (">", Said::Above),
        ("<", Said::Below),
    ] {
        if mark.ends_with(m) {
            return s;
        }
    }
    let w = |j: usize, list: &[&str]| is_word_at(toks, j, list);
    // (an estimate before the number hedges the value, not its direction: "up to about 30")
    let b = if first >= 1 && w(first - 1, NO_BOUND) {
        first - 1
    } else {
        first
    };
    let before = |d: usize, list: &[&str]| b >= d && w(b - d, list);
    let not = |d: usize| before(d, &["no", "not"]);
    if before(1, AT_MOST) || before(1, &["to"]) && before(2, &["up"]) {
        return Said::AtMost;
    }
    if before(1, AT_LEAST) || before(1, &["from"]) || before(1, &["at"]) && before(2, &["starting"])
    {
        return Said::AtLeast;
    }
    if before(1, &["than"]) {
        let less = before(2, &["fewer", "less", "lower", "smaller", "shorter"]);
        let more = before(2, &["more", "greater", "higher", "larger", "longer"]);
        return match (less, more, not(3)) {
            (true, _, true) => Said::AtLeast,
            (true, _, false) => Said::Below,
            (_, true, true) => Said::AtMost,
            (_, true, false) => Said::Above,
            _ => Said::Alone,
        };
    }
    if before(1, &["under", "below"]) {
        return if not(2) { Said::AtLeast } else { Said::Below };
    }
    if before(
        1,
        &["over", "above", "exceeding", "exceeds", "exceed", "beyond"],
    ) {
        return if not(2) { Said::AtMost } else { Said::Above };
    }
    // (a bound named as a noun or a participle: "a limit of 30", "a maximum of 30", "limited
    // to 30", "capped at 30", "a minimum of 1")
    if before(1, &["of"]) && before(2, &["limit", "maximum", "max", "cap", "ceiling"])
        || before(1, &["to", "at"]) && before(2, &["limited", "capped", "restricted"])
    {
        return Said::AtMost;
    }
    if before(1, &["of"]) && before(2, &["minimum", "min"]) {
        return Said::AtLeast;
    }
    // (an end named as the subject of the number: "the maximum is 5", "the highest value is 5",
    // "the minimum is 1")
    if before(1, &["is", "are", "equals"]) {
        let named = |list: &[&str]| (2..=4).any(|d| before(d, list));
        if named(ENDS_AT_MOST) {
            return Said::AtMost;
        }
        if named(ENDS_AT_LEAST) {
            return Said::AtLeast;
        }
    }
    // after the number, or after its unit
    let mut a = k + 1;
    if w(a, LENGTH_UNITS) || w(a, COUNTED_UNITS) || w(a, &["day", "days"]) {
        a += 1;
    }
    if w(a, &["or", "and"]) {
        if w(
            a + 1,
            &[
                "less", "fewer", "lower", "below", "under", "smaller", "down",
            ],
        ) {
            return Said::AtMost;
        }
        if w(
            a + 1,
            &[
                "more", "above", "higher", "over", "greater", "up", "upwards", "beyond",
            ],
        ) {
            return Said::AtLeast;
        }
    }
    if w(a, &["at"]) && w(a + 1, &["most"]) || w(a, &["max", "maximum", "tops"]) {
        return Said::AtMost;
    }
    if w(a, &["at"]) && w(a + 1, &["least"]) || w(a, &["min", "minimum"]) {
        return Said::AtLeast;
    }
    if before(1, &["of"]) && before(2, &["out", "scale"]) {
        return Said::Scale;
    }
    // an end of the scale named after its number: "5 for the worst", "5 (worst)", "0 for none"
    let mut j = a;
    while j < a + 3
        && toks.get(j).is_some_and(|x| {
            matches!(
                x.text.as_str(),
                "(" | "=" | "for" | "is" | "being" | "the" | "a" | "as"
            )
        })
    {
        j += 1;
    }
    if j > a {
        if w(j, TOP) {
            return Said::AtMost;
        }
        if w(j, BOTTOM) {
            return Said::AtLeast;
        }
    }
    Said::Alone
}

/// Words that say a number is the only value of what it is said of ("urgent only at 10",
/// "exactly 10", "10 alone"): said of a band, the number is the whole band.
const SOLE: &[&str] = &[
    "only",
    "just",
    "solely",
    "exclusively",
    "exactly",
    "precisely",
    "alone",
];

/// The word of [`SOLE`] that says the number at `first..=k` is the only value, if one does:
/// before it, past the words that lead to a number ("urgent only at 10", "only a severity of
/// 10", "only when the severity is 10", "exactly 10"; not "not only at 10"), or after it, "alone"
/// anywhere and another at the end of its phrase ("urgent at 10 only", "10 alone gives urgent").
pub(crate) fn said_sole(toks: &[Tok], first: usize, k: usize) -> Option<&'static str> {
    const LEADS: &[&str] = &[
        "at", "of", "for", "a", "an", "the", "its", "severity", "score", "value", "level", "when",
        "if", "is", "with", "on",
    ];
    let sole = |t: &Tok| SOLE.iter().copied().find(|w| is_word(t, &[w]));
    let mut j = first;
    while j >= 1 && is_word(&toks[j - 1], LEADS) {
        j -= 1;
    }
    let before = j
        .checked_sub(1)
        .and_then(|p| sole(&toks[p]).filter(|_| !(p >= 1 && is_word(&toks[p - 1], &["not"]))));
    let mut a = k + 1;
    if is_word_at(toks, a, LENGTH_UNITS) || is_word_at(toks, a, &["day", "days"]) {
        a += 1;
    }
    let after = toks.get(a).and_then(sole).filter(|w| {
        *w == "alone"
            || toks
                .get(a + 1)
                .is_none_or(|x| matches!(x.kind, Kind::Stop | Kind::Comma))
    });
    before.or(after)
}

/// Words before a number that make it no bound: an estimate or an example.
pub(crate) const NO_BOUND: &[&str] = &[
    "about",
    "approximately",
    "around",
    "roughly",
    "example",
    "such",
    "like",
    "nearly",
];
/// Words before a number that make it an upper bound alone: "at most 5", "up to 30".
pub(crate) const AT_MOST: &[&str] = &["most", "max", "maximum"];
/// Words before a number that make it a lower bound alone: "at least 1", "minimum 1".
pub(crate) const AT_LEAST: &[&str] = &["least", "min", "minimum"];
/// Units of a text the clinic API does not count: it holds a text to characters alone, so "at
/// most 20 words" cuts what the patient says.
pub(crate) const COUNTED_UNITS: &[&str] = &[
    "word",
    "words",
    "sentence",
    "sentences",
    "line",
    "lines",
    "paragraph",
    "paragraphs",
];
