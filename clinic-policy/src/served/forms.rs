//! The forms an argument's value takes: ids, keys and ASCII text.

use super::*;

/// Words that give a value as a text of letters or other characters, not a number.
/// (said as what the value is: "a UUID", "as a text")
const TEXTUAL: &[&str] = &[
    "uuid",
    "guid",
    "string",
    "text",
    "hex",
    "hexadecimal",
    "alphanumeric",
];

/// What a specialty's name takes.
const ASCII: &str = "printable ASCII characters";

/// Characters outside an idempotency key's letters, digits and `. _ : -`.
const OUTSIDE_A_KEY: &[&str] = &[
    "space",
    "spaces",
    "whitespace",
    "punctuation",
    "symbol",
    "symbols",
    "emoji",
    "emojis",
    "unicode",
    "mark",
    "marks",
    "accents",
    "accented",
];

/// An id said to be other than a positive integer, in a text of an id ("Slot id, the value to
/// book: a UUID", "Doctor id, as 3 letters and 4 digits", "Id of an open slot (the text after
/// the colon in the slot id)"): every id of the clinic API and of this server is a positive
/// integer, so the agent that trusts the claim sends a value the schema refuses, or cuts a part
/// out of an id that has none. A text of an idempotency key is of the key, not of an id.
pub(super) fn id_form_misstated(toks: &[Tok], s: &[Tok], out: &mut Vec<Violation>) {
    const PARTS: &[&str] = &[
        "colon",
        "colons",
        "prefix",
        "prefixes",
        "suffix",
        "suffixes",
        "hyphen",
        "hyphens",
        "dash",
        "dashes",
        "slash",
        "slashes",
        "backslash",
        "underscore",
        "underscores",
        "separator",
        "separators",
    ];
    let (_, head) = clause_at(toks, 0);
    let of_an_id = toks[..head].iter().any(|x| is_word(x, &["id", "ids"]))
        && !toks
            .iter()
            .any(|x| is_word(x, &["key", "keys", "idempotency_key"]));
    if !of_an_id {
        return;
    }
    let hit = (0..s.len()).find(|&k| {
        let t = &s[k];
        // (in apposition: ", a UUID", ": a UUID", "(a UUID)", "as a text")
        let apposed = k >= 1
            && is_word(&s[k - 1], &["a", "an"])
            && (k < 2
                || matches!(s[k - 2].kind, Kind::Comma)
                || s[k - 2].text == ":"
                || s[k - 2].text == "("
                || is_word(&s[k - 2], &["as", "is"]));
        // ("as 3 letters", "of 8 letters")
        let counted = k >= 1
            && (s[k - 1].kind == Kind::Ident && s[k - 1].text.bytes().all(|b| b.is_ascii_digit())
                || is_word(&s[k - 1], &["as", "of"]));
        let wrong = is_word(t, TEXTUAL) && apposed
            || is_word(t, &["letter", "letters"]) && counted
            || is_word(t, PARTS);
        wrong && !denied(s, k)
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            &s[k],
            "an id said to be other than a positive integer: every id of the clinic API and of this server is a positive integer".to_owned(),
        );
    }
}

/// An argument given another form than its schema's ("Id of an open slot (a UUID)", "Id of an
/// appointment, a text of 8 letters", "days, as a text such as three days", "A key of letters,
/// digits, spaces and any mark"): an id and a person's number are integers, a key takes letters,
/// digits and `. _ : -`; the agent sends what the schema refuses. A specialty said to be matched
/// in its case, or by its start ("case-sensitive", "in the same case", "or the start of one"):
/// the server matches the whole name in any case. The slot search's end said inclusive: it is
/// exclusive, and a slot that starts at it is not in the answer; its start said exclusive: it
/// is inclusive.
pub(super) fn form_misstated(
    s: &[Tok],
    subject: Option<&'static Arg>,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    for (k, t) in s.iter().enumerate() {
        if denied(s, k) {
            continue;
        }
        let of = |fits: &dyn Fn(&Arg) -> bool| {
            said_of(s, k, subject, tool, |_| true).filter(|a| fits(a))
        };
        // (a name held to ASCII, the nearest: "1 to 64 characters of any language" is of the
        // specialty, not of `to`)
        let ascii = || {
            said_of(s, k, subject, tool, |a| {
                ASCII_ONLY.contains(&(a.tool, a.name))
            })
        };
        // (in apposition to what it is said of: "(a UUID)", ", a text of 8 letters", "as a text")
        let apposed = k >= 2
            && is_word(&s[k - 1], &["a", "an"])
            && (s[k - 2].kind == Kind::Comma || is_word(&s[k - 2], &["as"]));
        let wrong = if is_word(t, TEXTUAL) && apposed {
            of(&|a| matches!(a.form, Form::Id | Form::Number)).map(|a| (a, "an integer"))
        } else if is_word(
            t,
            &[
                "unicode",
                "accented",
                "accents",
                "emoji",
                "emojis",
                "diacritics",
            ],
        ) && ascii().is_some()
        {
            ascii().map(|a| (a, ASCII))
        } else if is_word(t, OUTSIDE_A_KEY) {
            of(&|a| a.form == Form::Key).map(|a| (a, "letters, digits and . _ : - alone"))
        } else if is_word(
            t,
            &[
                "language",
                "languages",
                "script",
                "scripts",
                "alphabet",
                "alphabets",
                "ascii",
            ],
        ) && k >= 1
            && is_word(&s[k - 1], &["any", "every", "all", "other", "non"])
        {
            ascii().map(|a| (a, ASCII))
        } else if is_word(t, &["case", "cases"])
            && (is_word_at(s, k + 1, &["sensitive", "sensitively", "matters", "counts"])
                || k >= 1 && is_word(&s[k - 1], &["same", "its", "their", "exact", "original"]))
        {
            of(&|a| a.any_case).map(|a| (a, "matched whole, in any case"))
        } else if is_word(
            t,
            &[
                "prefix",
                "prefixes",
                "partial",
                "substring",
                "start",
                "beginning",
                "begins",
                "starts",
            ],
        ) {
            of(&|a| a.any_case).map(|a| (a, "matched whole, in any case"))
        } else if is_word(t, NAME_ALIKE)
            || is_word(t, &["other", "another", "different", "alternative"])
                && is_word_at(
                    s,
                    k + 1,
                    &[
                        "name",
                        "names",
                        "spelling",
                        "spellings",
                        "form",
                        "forms",
                        "word",
                        "words",
                        "specialty",
                        "specialties",
                    ],
                )
                && s[k + 2..].iter().take(4).any(|x| {
                    is_word(
                        x,
                        &[
                            "match", "matches", "matched", "too", "also", "count", "counts",
                            "work", "works", "found", "finds",
                        ],
                    )
                })
        {
            // (another name said to match: the server matches the name itself, in any case; the
            // specialty it is said of, past a doctor named between: "every doctor of it or of a
            // close specialty")
            said_of(s, k, subject, tool, |a| a.any_case)
                .map(|a| (a, "matched whole, in any case: no other name of it matches"))
        } else if is_word(
            t,
            &[
                "inclusive",
                "included",
                "including",
                "includes",
                "inclusively",
            ],
        ) || is_word(t, &["holds", "covers", "contains", "spans"])
            && s[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["all", "whole", "day", "days"]))
        {
            // ("a date as to holds all of that day": a date is its midnight, so the day is
            // outside the window)
            of(&|a| a.tool == SLOT_SEARCH && a.name == "to").map(|a| (a, "exclusive"))
        } else if is_word(
            t,
            &[
                "exclusive",
                "excluded",
                "excluding",
                "excludes",
                "exclusively",
            ],
        ) {
            // (the argument it is said of, whichever: "End of the window, exclusive, same
            // formats as from" is of `to`)
            of(&|_| true)
                .filter(|a| a.tool == SLOT_SEARCH && a.name == "from")
                .map(|a| (a, "inclusive: a slot that starts at it is in the answer"))
        } else {
            None
        };
        if let Some((arg, is)) = wrong {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the server's argument `{}` said in another form: it is {is}",
                    arg.name
                ),
            );
            return;
        }
    }
}

/// Words that say a name near the one given matches too ("or of a close specialty", "synonyms
/// match", "a part of the name").
const NAME_ALIKE: &[&str] = &[
    "close",
    "closest",
    "related",
    "similar",
    "synonym",
    "synonyms",
    "alias",
    "aliases",
    "abbreviation",
    "abbreviations",
    "abbreviated",
    "variant",
    "variants",
    "fuzzy",
    "approximate",
    "misspelled",
    "misspelling",
    "misspellings",
    "typo",
    "typos",
    "part",
    "parts",
    "nearest",
    "equivalent",
    "equivalents",
];
