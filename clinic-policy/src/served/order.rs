//! The order of the server's lists, and how its protocol search ranks its matches.

use super::*;

/// A list the server gives by id, ascending (newest last), said to come the other way round
/// ("newest first", "latest first", "in descending order") or by another key ("sorted by
/// name", "alphabetically", "…, by start time", "in the order of their start times", "in date
/// order", "the next visit first": the time of the visit is a key the server does not sort by).
pub(super) fn order_by_id_reversed(s: &[Tok], out: &mut Vec<Violation>) {
    // (the newest, or the nearest visit: the next one is not the one booked first)
    const LATE: &[&str] = &[
        "latest", "newest", "last", "recent", "youngest", "next", "earliest", "soonest", "nearest",
        "closest", "upcoming",
    ];
    let late_first = s.iter().enumerate().find(|&(k, t)| {
        is_word(t, LATE)
            && s[k + 1..]
                .iter()
                .take(3)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, &["first"]))
    });
    let reversed = s.iter().enumerate().find(|(_, t)| {
        is_word(
            t,
            &[
                "descending",
                "reverse",
                "reversed",
                "alphabetically",
                "alphabetical",
            ],
        )
    });
    // ("ordered by name": a key of its phrase other than the id, or the booking that gives
    // it; "sorted by doctor id" passes)
    let other_key = s.iter().enumerate().find_map(|(k, t)| {
        let mut key = s[k + 1..]
            .iter()
            .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident));
        (is_word(t, &["by"])
            && s[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, &["ordered", "sorted", "order", "sort"]))
            && !key.any(|x| matches!(x.text.as_str(), "id" | "ids" | "booking" | "creation")))
        .then(|| s.get(k + 1))
        .flatten()
    });
    // (a key said with no verb of order: "…, by start time", "in the order of their start
    // times"; not a specialty, which "by" also narrows by)
    const KEYS: &[&str] = &[
        "start", "starts", "date", "dates", "time", "times", "name", "names", "day", "visit",
        "visits",
    ];
    let key_after = |k: usize| {
        s[k + 1..]
            .iter()
            .find(|x| !is_word(x, &["the", "their", "its"]))
            .filter(|x| is_word(x, KEYS))
    };
    // ("by specialty and then by name": a second key is a key of order, whatever it is)
    let then_key = s.iter().enumerate().find_map(|(k, t)| {
        (is_word(t, &["by"])
            && k >= 1
            && is_word(&s[k - 1], &["then"])
            && !is_word_at(s, k + 1, &["id", "ids", "booking", "creation"]))
        .then(|| s.get(k + 1))
        .flatten()
    });
    let said_key = s.iter().enumerate().find_map(|(k, t)| {
        let by = is_word(t, &["by"]) && k >= 1 && s[k - 1].kind == Kind::Comma;
        let order_of = is_word(t, &["of"]) && k >= 1 && is_word(&s[k - 1], &["order"]);
        // ("in date order": the key before its order)
        let key_order = is_word(t, KEYS) && is_word_at(s, k + 1, &["order"]);
        if key_order {
            Some(t)
        } else if by || order_of {
            key_after(k)
        } else {
            None
        }
    });
    if let Some(t) = late_first
        .or(reversed)
        .map(|(_, t)| t)
        .or(other_key)
        .or(then_key)
        .or(said_key)
    {
        push(
            out,
            Rule::Directive,
            t,
            "an order the server does not give: its doctors and its pages of appointments come by id, newest last".to_owned(),
        );
    }
}

/// A list of a fixed order ([`FIXED_ORDER`]) said to come in an order someone chooses or in
/// any order ("in the order the clinic API selects them", "in no particular order", "in any
/// order"): the agent takes the first for a chance one, or sorts again what is sorted.
pub(super) fn order_said_chosen(s: &[Tok], out: &mut Vec<Violation>) {
    const CHOSEN: &[&str] = &[
        "selects", "select", "selected", "chooses", "choose", "chosen", "picks", "picked",
        "decides", "decided", "prefers", "wants", "likes",
    ];
    const LOOSE: &[&str] = &[
        "any",
        "random",
        "arbitrary",
        "unspecified",
        "undefined",
        "unknown",
        "particular",
        "changing",
        "varying",
    ];
    let hit = s.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, &["order", "orders"]) {
            return None;
        }
        // ("in any order", "in no particular order"; not "not in any order but by name")
        let loose = s[k.saturating_sub(2)..k]
            .iter()
            .find(|x| is_word(x, LOOSE))
            .filter(|_| !s[..k].iter().any(|x| is_word(x, NEGATIONS)));
        // ("the order the clinic API selects them": a verb of choice in its relative clause;
        // not "not in an order the clinic API selects", nor a person choosing from the list)
        let chosen = s[k + 1..]
            .iter()
            .take(6)
            .take_while(|x| x.kind == Kind::Word && !is_word(x, &["for", "to"]))
            .find(|x| is_word(x, CHOSEN))
            .filter(|_| !s[..k].iter().any(|x| is_word(x, NEGATIONS)));
        loose.or(chosen)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a fixed order said to be chosen or any: the doctors come by id, the specialties by name and the slots earliest first".to_owned(),
        );
    }
}

/// A list the server gives sorted by name said to come in another order ("sorted by their number
/// of doctors", "the largest first", "most doctors first", "by size", "in descending order"):
/// the agent reads the first specialty as the largest or the most wanted.
pub(super) fn order_by_name_misstated(s: &[Tok], out: &mut Vec<Violation>) {
    const NAME_KEYS: &[&str] = &[
        "name",
        "names",
        "alphabet",
        "alphabetically",
        "alphabetical",
        "letter",
        "letters",
    ];
    // ("the largest first", "most doctors first": a rank of some measure, put first or last)
    const RANKS: &[&str] = &[
        "largest", "biggest", "smallest", "most", "fewest", "least", "greatest", "highest",
        "lowest", "busiest", "popular", "common", "newest", "latest", "oldest", "recent",
    ];
    let ranked = s.iter().enumerate().find(|&(k, t)| {
        is_word(t, RANKS)
            && s[k + 1..]
                .iter()
                .take(3)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, &["first", "last"]))
            || is_word(t, &["descending", "reverse", "reversed"])
    });
    // ("sorted by their number of doctors", "ordered by size", "then by count"): a key of its
    // phrase that is not the name
    let other_key = s.iter().enumerate().find_map(|(k, t)| {
        let ordered = s[k.saturating_sub(2)..k]
            .iter()
            .any(|x| is_word(x, &["ordered", "sorted", "order", "sort", "ranked", "then"]));
        let key = s[k + 1..]
            .iter()
            .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
            .find(|x| !is_word(x, &["the", "their", "its", "each", "specialty"]))?;
        // ("in order of their number of doctors": the key after "order of")
        let order_of = is_word(t, &["of"]) && k >= 1 && is_word(&s[k - 1], &["order"]);
        ((is_word(t, &["by"]) && ordered || order_of) && !is_word(key, NAME_KEYS)).then_some(key)
    });
    if let Some(t) = ranked.map(|(_, t)| t).or(other_key) {
        push(
            out,
            Rule::Directive,
            t,
            "an order the server does not give: its specialties come sorted by name".to_owned(),
        );
    }
}

/// Words that name a protocol's title, and its text.
const TITLE_WORDS: &[&str] = &["title", "titles", "heading", "headings"];
const BODY_WORDS: &[&str] = &[
    "text", "texts", "body", "bodies", "content", "contents", "excerpt", "excerpts",
];
/// Words of a match's weight said greater, and said smaller, than another's.
const HEAVIER: &[&str] = &[
    "times",
    "more",
    "higher",
    "heavier",
    "greater",
    "outweigh",
    "outweighs",
    "outrank",
    "outranks",
    "above",
    "triple",
    "thrice",
    "double",
    "twice",
    "over",
];
const LIGHTER: &[&str] = &[
    "less", "lower", "lighter", "below", "fewer", "third", "half",
];
/// Words of a search that reads, or leaves out, a part of a protocol.
const SEARCHED: &[&str] = &[
    "searched",
    "search",
    "searches",
    "matched",
    "match",
    "matches",
    "read",
    "reads",
    "count",
    "counts",
    "counted",
    "looked",
    "scanned",
    "scans",
    "considered",
];
const LEFT_OUT: &[&str] = &[
    "ignored", "ignores", "skipped", "skips", "excluded", "excludes",
];
/// Keys a protocol list is said sorted by that are not its relevance.
const PROTOCOL_KEYS: &[&str] = &[
    "id", "ids", "date", "dates", "review", "reviews", "reviewed", "age", "name", "names",
    "alphabet", "clinic", "clinics", "number", "numbers", "shared", "own", "local", "common",
];
/// Words of the relevance a protocol list is ranked by.
const RELEVANCE: &[&str] = &[
    "relevance",
    "relevant",
    "score",
    "scores",
    "match",
    "matches",
    "best",
    "closest",
    "highest",
    "strongest",
    "top",
    "weight",
    "weights",
    "matching",
];

/// The protocol search said to read, weigh or order otherwise than the server: its matches
/// said weighed the other way round ("a match in the text weighs three times a match in the
/// title", "the title weighs less than the text"), a part of a protocol said left out of the
/// search ("the titles are not searched", "searches the text only"), or its matches said
/// ordered by another key than their relevance ("in the order of their ids", "the shared ones
/// first", "sorted by review date"). The agent then offers a weaker protocol as the best or
/// looks for one the search does not find. A weight is read as the part of a protocol before
/// the word of weight (the heavier one, or the lighter after "less") against the part after it.
pub(super) fn ranking_misstated(s: &[Tok], out: &mut Vec<Violation>) {
    let part = |t: &Tok| {
        if is_word(t, TITLE_WORDS) {
            Some(true)
        } else if is_word(t, BODY_WORDS) {
            Some(false)
        } else {
            None
        }
    };
    let mut hit: Option<(&Tok, &str)> = None;
    // (the weight: the part said before the word of weight is compared to the part after it)
    for (k, t) in s.iter().enumerate() {
        let heavier = is_word(t, HEAVIER);
        if !heavier && !is_word(t, LIGHTER) {
            continue;
        }
        let before = s[..k].iter().rev().find_map(part);
        let after = s[k + 1..].iter().find_map(part);
        let (Some(before), Some(after)) = (before, after) else {
            continue;
        };
        if before == after {
            continue;
        }
        // ("weighs no more than", "not three times")
        let negated = denied(s, k);
        let title_heavier = before == (heavier != negated);
        if !title_heavier {
            hit = Some((
                t,
                "a match in the title weighs three times a match in the text",
            ));
        }
        break;
    }
    // (a part of a protocol said left out: "the titles are not searched", "titles are
    // ignored", "searches the text only", "the title alone is matched")
    if hit.is_none()
        && s.iter()
            .any(|x| is_word(x, SEARCHED) || is_word(x, LEFT_OUT))
    {
        let both =
            s.iter().any(|x| part(x) == Some(true)) && s.iter().any(|x| part(x) == Some(false));
        for (k, t) in s.iter().enumerate() {
            if part(t).is_none() {
                continue;
            }
            let (start, end) = clause_at(s, k);
            let clause = &s[start..end];
            let j = k - start;
            let left_out = clause.iter().enumerate().any(|(i, x)| {
                is_word(x, LEFT_OUT) && !denied(clause, i)
                    || i > j && is_word(x, SEARCHED) && denied(clause, i)
            });
            let alone = !both
                && clause[j.saturating_sub(2)..(j + 3).min(clause.len())]
                    .iter()
                    .any(|x| is_word(x, &["only", "alone", "solely", "just"]))
                && clause.iter().any(|x| is_word(x, SEARCHED));
            if left_out || alone {
                hit = Some((t, "the search reads each protocol's title and its text"));
                break;
            }
        }
    }
    // (another key: "in the order of their ids", "sorted by date", "the shared ones first",
    // "oldest first"; "the best match first", "ranked by relevance" pass)
    if hit.is_none() {
        for (k, t) in s.iter().enumerate() {
            let key_of = |from: usize| {
                s[from..]
                    .iter()
                    .take(4)
                    .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
                    .find(|x| is_word(x, PROTOCOL_KEYS) || is_word(x, RELEVANCE))
                    .filter(|x| !is_word(x, RELEVANCE))
            };
            let ordered = is_word(t, &["by"])
                && k >= 1
                && (is_word(
                    &s[k - 1],
                    &["ordered", "sorted", "ranked", "order", "listed"],
                ) || s[k - 1].kind == Kind::Comma)
                || is_word(t, &["of"]) && k >= 1 && is_word(&s[k - 1], &["order"]);
            let key = if ordered {
                key_of(k + 1)
            } else if is_word(t, &["first"]) && k >= 1 {
                let before = &s[k.saturating_sub(4)..k];
                let near: Vec<&Tok> = before
                    .iter()
                    .rev()
                    .take_while(|x| matches!(x.kind, Kind::Word | Kind::Ident))
                    .collect();
                (!near.iter().any(|x| is_word(x, RELEVANCE)))
                    .then(|| {
                        near.into_iter().find(|x| {
                            is_word(x, PROTOCOL_KEYS)
                                || is_word(x, &["oldest", "newest", "latest", "earliest", "recent"])
                        })
                    })
                    .flatten()
            } else {
                None
            };
            if let Some(x) = key {
                hit = Some((x, "the matches come ranked by relevance, ties by id"));
                break;
            }
        }
    }
    if hit.is_none() {
        hit = ranking_factor_wrong(s).map(|t| {
            (
                t,
                "a match in the title weighs three times a match in the text",
            )
        });
    }
    if let Some((t, fact)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            format!("the protocol search said otherwise: {fact}"),
        );
    }
}

/// The size of the title's weight over the text's said other than three, in any shape: a
/// number of times ("ten times", "2 times"), a word ("twice", "double", "half"), an equal
/// ("as much as", "the same as", "equally") or a percentage ("50%"). Read where a part of a
/// protocol is named before the size and the other part after it; a denied size ("not ten
/// times") states nothing.
fn ranking_factor_wrong(s: &[Tok]) -> Option<&Tok> {
    const THREE: &[&str] = &["three", "3", "thrice", "triple", "300"];
    let part = |t: &Tok| is_word(t, TITLE_WORDS) || is_word(t, BODY_WORDS);
    let count = |t: &Tok| {
        is_word(t, crate::lang::predicates::NUMBER_WORDS)
            || t.kind == Kind::Ident && t.text.bytes().all(|b| b.is_ascii_digit())
    };
    for (k, t) in s.iter().enumerate() {
        let prev = |b: usize, w: &[&str]| k >= b && is_word(&s[k - b], w);
        let size = if is_word(t, &["times", "percent"]) || t.text == "%" {
            // the number before it, or none ("many times")
            Some(k >= 1 && count(&s[k - 1]) && THREE.contains(&s[k - 1].text.as_str()))
        } else if is_word(
            t,
            &[
                "twice", "double", "half", "thrice", "triple", "equally", "equal",
            ],
        ) {
            Some(is_word(t, THREE))
        } else if is_word(t, &["much", "heavy", "same"]) {
            // "as much as", "as heavy as", "the same as"; "three times as much as" is the
            // number's own
            let equal = (prev(1, &["as"]) || prev(1, &["the"]))
                && is_word_at(s, k + 1, &["as"])
                && !s[k.saturating_sub(4)..k]
                    .iter()
                    .any(|x| is_word(x, &["times"]));
            equal.then_some(false)
        } else {
            None
        };
        let Some(right) = size else { continue };
        if right || denied(s, k) {
            continue;
        }
        // (within the sentence: a percent sign ends no clause)
        let stop = |x: &Tok| x.kind == Kind::Stop;
        let start = s[..k].iter().rposition(stop).map_or(0, |j| j + 1);
        let end = s[k + 1..]
            .iter()
            .position(stop)
            .map_or(s.len(), |j| k + 1 + j);
        if s[start..k].iter().any(part) && s[k + 1..end].iter().any(part) {
            return Some(t);
        }
    }
    None
}
