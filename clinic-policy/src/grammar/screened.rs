//! What the output screen does to a reading tool's answer, said as a change: "control characters
//! are removed from the protocol text", "the server removes escape sequences from each name".
//! The screen changes the answer, not the clinic's data ([`crate::served::answered_texts`]), so
//! such a sentence is no change a reading tool makes, when it is exactly that: the thing taken
//! out is characters, codes or tokens (never a record, a slot, a protocol or a person's data),
//! taken out of a text the tool answers with, by the server or in the passive (never an order),
//! and a token is replaced with a mark, the rest removed.

use crate::lang::words::*;
use crate::served::{SCREENED_HEADS, SCREENED_KINDS, answered_texts};
use crate::types::{Rule, Violation};

/// Words that may join the parts of what is taken out ("control characters and escape
/// sequences", "all control characters").
const JOINING: &[&str] = &["and", "or", "all", "any", "every", "the", "other", "such"];

/// Words that open the reading of a place's noun groups ("the title and the excerpt of each
/// protocol").
const PLACE_DETERMINERS: &[&str] = &[
    "the", "a", "an", "each", "every", "all", "any", "its", "their", "this", "that", "these",
    "those",
];

/// Verbs after a returned text that end its place ("the text it returns").
const RETURNS: &[&str] = &[
    "returns", "return", "answers", "answer", "gives", "give", "returned", "answered",
];

/// Words that end a place: a time or a condition after it ("before it is returned").
const PLACE_ENDS: &[&str] = &["before", "when", "once", "as", "so", "while", "if"];

/// Words that open a time, a condition or a narrowing after a place ("when the protocol is
/// shared", "only for shared protocols", "unless it is short").
const NARROWING: &[&str] = &[
    "before", "when", "whenever", "once", "as", "so", "while", "if", "unless", "only", "until",
    "after", "during", "on", "for", "except",
];

/// The words of the one time the screen may be said to run at: as the answer is returned
/// ("before it is returned", "as the answer is given to the agent").
const RETURN_TIME: &[&str] = &[
    "it",
    "they",
    "them",
    "this",
    "each",
    "one",
    "the",
    "its",
    "their",
    "answer",
    "answers",
    "response",
    "responses",
    "result",
    "results",
    "is",
    "are",
    "being",
    "to",
    "caller",
    "agent",
    "model",
];

/// Verbs of an answer given back, in the forms a time of the return takes.
const RETURNED: &[&str] = &[
    "returned",
    "answered",
    "given",
    "sent",
    "served",
    "shown",
    "returning",
    "sending",
    "serving",
    "answering",
];

/// The verb of a change at `k` (its `base`, in `form`) says what the output screen does to the
/// answer of `tool`, a reading tool of this server.
pub(super) fn screen_of_the_answer(
    clause: &[&Tok],
    k: usize,
    base: &str,
    form: Form,
    tool: &str,
) -> bool {
    let replaces = base == "replace";
    if !replaces && !matches!(base, "remove" | "strip" | "redact") {
        return false;
    }
    let Some((is_text, is_owner)) = answered_texts(tool) else {
        return false;
    };
    // what is taken out, and what follows the verb
    let (thing, after) = match form {
        // "<thing> are removed …"
        Form::Participle => {
            let Some(cop) = k
                .checked_sub(1)
                .filter(|&j| is_word(clause[j], &["is", "are", "gets", "get"]))
            else {
                return false;
            };
            (&clause[..cop], &clause[k + 1..])
        }
        // "the server removes <thing> from …"
        Form::Third if said_of_this_server(clause, k) => {
            let end = (k + 1..clause.len())
                .find(|&j| is_word(clause[j], &["from", "in", "with", "by"]))
                .unwrap_or(clause.len());
            (&clause[k + 1..end], &clause[end..])
        }
        _ => return false,
    };
    // "<thing> in the protocol text": the place inside the thing's phrase
    let inside = thing.iter().position(|x| is_word(x, &["in", "of"]));
    let (thing, place_in_thing) = match inside {
        Some(j) => (&thing[..j], Some(&thing[j + 1..])),
        None => (thing, None),
    };
    if !screened_thing(thing, replaces) {
        return false;
    }
    let mut after = after;
    if replaces {
        // "… replaced with a mark": a token's mark, nothing else
        if !(after.first().is_some_and(|x| is_word(x, &["with", "by"]))
            && after.iter().skip(1).take(3).any(|x| is_word(x, &["mark"])))
        {
            return false;
        }
        let end = after
            .iter()
            .position(|x| is_word(x, &["mark"]))
            .map_or(after.len(), |j| j + 1);
        after = &after[end..];
    }
    let place_after = after
        .first()
        .filter(|x| is_word(x, &["from", "in"]))
        .map(|_| &after[1..]);
    match (place_in_thing, place_after) {
        (Some(_), Some(_)) | (None, None) => false,
        (Some(p), None) | (None, Some(p)) => answered_place(p, &is_text, &is_owner),
    }
}

/// What is taken out is characters, codes or tokens and nothing else ("escape sequences,
/// control characters and tokens"), each part ending on a head; a replacement only of tokens.
/// Characters and codes are named with their kind: the screen takes out control, escape and
/// invisible ones, never "all characters" or "every other code".
fn screened_thing(thing: &[&Tok], replaces: bool) -> bool {
    let words: Vec<&&Tok> = thing.iter().filter(|x| x.kind == Kind::Word).collect();
    let parts_end_on_heads = thing
        .split(|x| x.kind == Kind::Comma || is_word(x, &["and", "or"]))
        .filter(|p| !p.is_empty())
        .all(|p| {
            p.last().is_some_and(|x| is_word(x, SCREENED_HEADS))
                && (p.last().is_some_and(|x| is_word(x, &["token", "tokens"]))
                    || p.iter().any(|x| is_word(x, SCREENED_KINDS)))
        });
    !words.is_empty()
        && thing
            .iter()
            .all(|x| matches!(x.kind, Kind::Word | Kind::Comma))
        && words.iter().all(|x| {
            is_word(x, SCREENED_HEADS) || is_word(x, SCREENED_KINDS) || is_word(x, JOINING)
        })
        && parts_end_on_heads
        && (!replaces
            || words
                .iter()
                .all(|x| !is_word(x, SCREENED_HEADS) || is_word(x, &["token", "tokens"])))
}

/// The place names a text the tool answers with: each noun group ends on a text's word ("the
/// protocol text", "each name"), or, after "of", on what the text belongs to ("the title of each
/// protocol"); it ends at a time or a condition ("before it is returned") or at the verb of a
/// returned text ("the text it returns").
fn answered_place(
    place: &[&Tok],
    is_text: &impl Fn(&str) -> bool,
    is_owner: &impl Fn(&str) -> bool,
) -> bool {
    let mut end = place.len();
    for (j, x) in place.iter().enumerate() {
        if is_word(x, PLACE_ENDS) {
            end = j;
            break;
        }
        // "the text it returns": a pronoun after a head opens a relative clause
        if j > 0
            && is_word(x, &["it", "they", "this"])
            && place.get(j + 1).is_some_and(|n| is_word(n, RETURNS))
            && !is_word(place[j - 1], PLACE_DETERMINERS)
        {
            end = j;
            break;
        }
    }
    // the screen runs on every string of every answer: a time or a condition after the place
    // narrows it to some (a part up to a comma, each one opened by such a word), when it is not
    // the answer's return ("before it is returned")
    let mut k = end;
    while k < place.len() {
        let to = (k + 1..place.len())
            .find(|&j| place[j].kind == Kind::Comma)
            .unwrap_or(place.len());
        let part = &place[k..to];
        if part.first().is_some_and(|x| is_word(x, NARROWING)) && !at_the_return(part, is_text) {
            return false;
        }
        k = to + 1;
    }
    let place = &place[..end];
    if place.is_empty() {
        return false;
    }
    let mut after_of = false;
    let mut group: Vec<&str> = Vec::new();
    let mut groups_ok = true;
    let mut close = |group: &mut Vec<&str>, after_of: bool| {
        let ok = match group.last() {
            Some(last) => is_text(last) || (after_of && is_owner(last)),
            None => false,
        };
        groups_ok &= ok;
        group.clear();
    };
    for x in place {
        if x.kind == Kind::Comma || is_word(x, &["and", "or", "of"]) {
            close(&mut group, after_of);
            after_of = is_word(x, &["of"]);
            continue;
        }
        if x.kind != Kind::Word {
            return false;
        }
        if is_word(x, PLACE_DETERMINERS) {
            continue;
        }
        if !(is_text(&x.text) || is_owner(&x.text)) {
            return false;
        }
        group.push(&x.text);
    }
    close(&mut group, after_of);
    groups_ok
}

/// A part opened by a time's word says the answer's return and nothing else ("before it is
/// returned", "as the excerpt is sent to the agent").
fn at_the_return(part: &[&Tok], is_text: &impl Fn(&str) -> bool) -> bool {
    let rest = &part[1..];
    is_word(part[0], &["before", "when", "as", "once"])
        && rest.iter().any(|x| is_word(x, RETURNED))
        && rest.iter().all(|x| {
            x.kind == Kind::Word
                && (is_word(x, RETURN_TIME) || is_word(x, RETURNED) || is_text(&x.text))
        })
}

/// An argument said to lose what the output screen takes out of an answer ("Words to search
/// for, with control characters removed"): the server sends an argument as it is given (a
/// rejection's reason with a control character is refused, `INVALID_ARGUMENTS`); the screen
/// changes only the answers.
pub(super) fn argument_said_screened(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    for clause in clauses {
        let named = clause
            .windows(2)
            .any(|w| is_word(w[0], SCREENED_KINDS) && is_word(w[1], SCREENED_HEADS))
            || clause.iter().any(|x| is_word(x, &["token", "tokens"]));
        if !named {
            continue;
        }
        let Some(k) = clause.iter().position(|x| {
            x.kind == Kind::Word
                && verb(&x.text).is_some_and(|(base, _, _)| {
                    matches!(base, "remove" | "strip" | "redact" | "replace")
                })
        }) else {
            continue;
        };
        if k >= 1 && is_word(clause[k - 1], &["not", "never"]) {
            continue;
        }
        let t = clause[k];
        out.push(Violation {
            rule: Rule::Effects,
            range: t.start..t.end,
            detail: format!(
                "\"{}\" of an argument: the server sends an argument as it is given, and the output screen changes only the answers",
                t.text
            ),
        });
    }
}

/// The verb at `k` has this server for its subject ("this server keeps", "the server only
/// sets"): a few adverbs may stand between.
pub(super) fn said_of_this_server(clause: &[&Tok], k: usize) -> bool {
    let j = clause[..k]
        .iter()
        .rposition(|x| !is_word(x, &["only", "itself", "also", "then", "always"]));
    j.is_some_and(|j| {
        is_word(clause[j], &["server"]) && j >= 1 && is_word(clause[j - 1], &["this", "the"])
    })
}

/// Kinds of what the screen takes out, before a character, a code or a sequence ("control
/// characters", "escape codes", "invisible characters").
const CLEANED_KINDS: &[&str] = &[
    "control",
    "escape",
    "invisible",
    "format",
    "formatting",
    "ansi",
    "terminal",
];

/// Words that say a thing stays in a text as it came ("kept", "left in", "passed through",
/// "unchanged", "raw", "in full").
const LEFT_AS_IT_CAME: &[&str] = &[
    "keep",
    "keeps",
    "kept",
    "keeping",
    "leave",
    "leaves",
    "left",
    "leaving",
    "stay",
    "stays",
    "stayed",
    "remain",
    "remains",
    "remained",
    "retain",
    "retains",
    "retained",
    "preserve",
    "preserves",
    "preserved",
    "pass",
    "passes",
    "passed",
    "unchanged",
    "untouched",
    "intact",
    "unaltered",
    "unmodified",
    "unfiltered",
    "unscreened",
    "verbatim",
    "raw",
];

/// Words that deny the taking out after them ("not removed", "never stripped", "without
/// removing").
const DENIALS: &[&str] = &["not", "never", "no", "without", "nor", "cannot"];

/// Words that name an argument, which the server sends as it is given ("the query keeps its
/// control characters" is true of an argument).
const ARGUMENT_WORDS: &[&str] = &["argument", "arguments", "query", "input", "inputs"];

/// Words that name an answer's text, for a parameter's description, which is read as said of
/// the argument unless it names one.
const ANSWER_WORDS: &[&str] = &[
    "answer", "answers", "result", "results", "output", "outputs", "excerpt", "excerpts", "title",
    "titles", "returned", "returns",
];

/// What the screen takes out (a control, escape or invisible character, an escape sequence or
/// code, a token) said to stay in a text as it came: "escape sequences are kept in the
/// excerpt", "control characters are not removed", "the excerpt, escape sequences untouched".
/// Every string of every answer passes the output screen, which takes all of them out; the
/// agent, told they stay, reads a cleaned text as the clinic's own. `of_an_argument`: a
/// parameter's description of a tool that takes arguments, read as said of the argument unless
/// it names an answer's text.
pub(super) fn screen_said_undone(
    clauses: &[Vec<&Tok>],
    of_an_argument: bool,
    out: &mut Vec<Violation>,
) {
    for clause in clauses {
        let named = |part: &[&Tok]| {
            part.iter().enumerate().any(|(h, x)| {
                (is_word(
                    x,
                    &[
                        "character",
                        "characters",
                        "code",
                        "codes",
                        "sequence",
                        "sequences",
                    ],
                ) && h >= 1
                    && is_word(part[h - 1], CLEANED_KINDS))
                    || (is_word(x, &["token", "tokens"])
                        && h >= 1
                        && is_word(part[h - 1], &["access", "bearer", "secret", "session"]))
            })
        };
        if !named(clause)
            || clause.iter().any(|x| is_word(x, ARGUMENT_WORDS))
            || (of_an_argument && !clause.iter().any(|x| is_word(x, ANSWER_WORDS)))
        {
            continue;
        }
        let removal = |x: &Tok| {
            x.kind == Kind::Word
                && verb(&x.text).is_some_and(|(base, _, _)| {
                    matches!(base, "remove" | "strip" | "redact" | "replace")
                })
        };
        // a taking out denied: a denial a few words before the verb, or before what it takes
        let denied = clause.iter().enumerate().find(|&(k, x)| {
            (removal(x)
                && clause[k.saturating_sub(3)..k]
                    .iter()
                    .any(|d| is_word(d, DENIALS)))
                || (is_word(x, &["no", "not", "none"])
                    && named(&clause[k + 1..(k + 4).min(clause.len())])
                    && clause.iter().any(|y| removal(y)))
        });
        // a word of staying as it came, or "as is" and "in full", in a part that names what is
        // taken out, or in a clause that takes nothing out
        let in_a_part = clause
            .split(|x| x.kind == Kind::Comma || is_word(x, &["and", "or", "but"]))
            .filter(|p| named(p) && !p.iter().any(|x| removal(x)))
            .find_map(left_as_it_came);
        let in_the_clause = (!clause.iter().any(|x| removal(x)))
            .then(|| left_as_it_came(clause))
            .flatten();
        let hit = denied.map(|(_, t)| *t).or(in_a_part).or(in_the_clause);
        let Some(t) = hit else { continue };
        out.push(Violation {
            rule: Rule::Directive,
            range: t.start..t.end,
            detail: format!(
                "\"{}\": what the output screen takes out (control, escape and invisible characters, escape sequences, tokens) said to stay in a text; every string of every answer passes the screen, which takes them out",
                t.text
            ),
        });
    }
}

/// A word of staying as it came in `part` ("kept", "untouched"), or "as is", "as sent", "in
/// full", "goes through".
fn left_as_it_came<'a>(part: &[&'a Tok]) -> Option<&'a Tok> {
    part.iter()
        .enumerate()
        .find(|&(k, x)| {
            is_word(x, LEFT_AS_IT_CAME)
                || (is_word(x, &["as"]) && is_word_at(part, k + 1, &["is", "sent", "it"]))
                || (is_word(x, &["in"]) && is_word_at(part, k + 1, &["full"]))
                || (is_word(x, &["through"])
                    && k >= 1
                    && is_word(part[k - 1], &["go", "goes", "went", "gone"]))
        })
        .map(|(_, x)| *x)
}
