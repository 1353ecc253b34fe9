//! The controlled language our own catalogue is written in (strict mode): an allowlist, not a
//! blocklist. Every word must be approved ([`crate::VOCABULARY`]), a number, a date or time, or a
//! snake_case name made of approved words; and, whatever the words, a text never addresses its
//! reader, puts a duty on a person or a program, hides anything from a person, or names a transfer
//! the tool does not make. Each rule reports on its own: an unknown word does not stop the others.

use std::collections::BTreeSet;

use crate::lexicon::*;
use crate::skeleton::{self, Word};
use crate::types::{Field, Rule, Violation};
use crate::vocabulary::is_approved;

/// `YYYY-MM-DD`, optionally with `Thh:mm[:ss[.f]]` and `Z` or an offset; or `hh:mm[:ss]`.
fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| r.into_iter().all(|i| i < b.len() && b[i].is_ascii_digit());
    let time = |off: usize| -> Option<usize> {
        if !(digits(off..off + 2) && b.get(off + 2) == Some(&b':') && digits(off + 3..off + 5)) {
            return None;
        }
        let mut k = off + 5;
        if b.get(k) == Some(&b':') && digits(k + 1..k + 3) {
            k += 3;
            if b.get(k) == Some(&b'.') {
                k += 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
            }
        }
        Some(k)
    };
    if let Some(k) = time(0) {
        return k == b.len();
    }
    if !(digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10))
    {
        return false;
    }
    let mut k = 10;
    if k == b.len() {
        return true;
    }
    if b[k] != b'T' {
        return false;
    }
    let Some(e) = time(k + 1) else { return false };
    k = e;
    match b.get(k) {
        None => true,
        Some(b'Z') => k + 1 == b.len(),
        Some(b'+' | b'-') => time(k + 1).is_some_and(|e| e == b.len()),
        _ => false,
    }
}

/// The `vocabulary` rule: every word approved, a number, a date or time, or a snake_case name of
/// approved words. Run-together words, camel case, letters mixed with digits, single letters and
/// encodings are not words of the list, so they fail here.
fn vocabulary_rule(text: &str, out: &mut Vec<Violation>) {
    let b = text.as_bytes();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        // a date or time is one token
        let mut j = i;
        while j < b.len()
            && (b[j].is_ascii_alphanumeric() || matches!(b[j], b':' | b'-' | b'+' | b'.'))
        {
            j += 1;
        }
        let mut run = &text[i..j];
        while run.ends_with(['.', ':', '-', '+']) {
            run = &run[..run.len() - 1];
        }
        if run.len() >= 5 && is_date_time(run) {
            i += run.len();
            continue;
        }
        // otherwise a word is a run of letters and digits
        let mut j = i;
        while j < b.len() && b[j].is_ascii_alphanumeric() {
            j += 1;
        }
        // a hyphenated compound whose parts joined make an approved word (`on-call`) is that word
        if b.get(j) == Some(&b'-') {
            let mut k = j + 1;
            while k < b.len() && b[k].is_ascii_alphanumeric() {
                k += 1;
            }
            let joined = format!("{}{}", &text[i..j], &text[j + 1..k]);
            if k > j + 1 && word_ok(&joined) {
                i = k;
                continue;
            }
        }
        let w = &text[i..j];
        // a possessive "'s" belongs to the word before it
        let possessive_s = w == "s" && i > 0 && b[i - 1] == b'\'';
        let ok = possessive_s || word_ok(w) || (w == "Z" && names_time_format(text, i));
        if ok && let Some(why) = bound_word_alone(text, i, j) {
            if seen.insert(w.to_owned()) {
                out.push(Violation {
                    rule: Rule::Vocabulary,
                    range: i..j,
                    detail: format!("word \"{w}\" ({why})"),
                });
            }
            i = j;
            continue;
        }
        if !ok && seen.insert(w.to_owned()) {
            let why = if w.bytes().any(|c| c.is_ascii_digit())
                && w.bytes().any(|c| c.is_ascii_alphabetic())
            {
                "letters mixed with digits"
            } else if w.bytes().all(|c| c.is_ascii_digit()) {
                "a number of more than 8 digits"
            } else if w.len() > 1
                && w[1..].bytes().any(|c| c.is_ascii_uppercase())
                && w.bytes().any(|c| c.is_ascii_lowercase())
            {
                "camel case"
            } else if w.len() == 1 {
                "a single letter"
            } else {
                "not in the approved list"
            };
            out.push(Violation {
                rule: Rule::Vocabulary,
                range: i..j,
                detail: format!("word \"{w}\" ({why})"),
            });
        }
        i = j;
    }
}

/// The heads "control" and "escape" stand before when they name what the screen takes out.
const AFTER_A_SCREENED_KIND: &[&str] = &[
    "character",
    "characters",
    "code",
    "codes",
    "sequence",
    "sequences",
];

/// Approved words of one phrase only, and what the phrase needs beside them: the names of what
/// the output screen takes out of a text ("control characters", "escape sequences"). Alone,
/// "control" is a person's or a system's power, "escape" an order or a way out, and a
/// "sequence" an order of steps, none of them a word of ours. (word, words after it, words
/// before it): one of them must stand next to it.
const BOUND_WORDS: &[(&str, &[&str], &[&str])] = &[
    ("control", AFTER_A_SCREENED_KIND, &[]),
    ("escape", AFTER_A_SCREENED_KIND, &[]),
    ("invisible", &["character", "characters"], &[]),
    ("sequence", &[], &["escape", "control"]),
    ("sequences", &[], &["escape", "control"]),
];

/// Why the approved word at `text[i..j]` stands outside its one phrase ([`BOUND_WORDS`]), if it
/// does.
fn bound_word_alone(text: &str, i: usize, j: usize) -> Option<&'static str> {
    let w = &text[i..j];
    let (_, after, before) = BOUND_WORDS
        .iter()
        .find(|(b, _, _)| w.eq_ignore_ascii_case(b))?;
    let word_at = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let next = word_at(text[j..].trim_start_matches([' ', '-']));
    let prev = {
        let head = text[..i].trim_end_matches([' ', '-']);
        // (counted in ASCII letters, one byte each: the cut is a char boundary whatever precedes)
        let letters = head
            .chars()
            .rev()
            .take_while(char::is_ascii_alphabetic)
            .count();
        head[head.len() - letters..].to_ascii_lowercase()
    };
    let bound = after.contains(&next.as_str()) || before.contains(&prev.as_str());
    (!bound).then_some(if after.is_empty() {
        "approved only after \"escape\" or \"control\": the name of what a text loses"
    } else if w.eq_ignore_ascii_case("invisible") {
        "approved only before \"characters\": the name of what a text loses"
    } else {
        "approved only before \"characters\", \"codes\" or \"sequences\": the name of what a text loses"
    })
}

/// Words that name a time format: a capital "Z" in their sentence is the UTC designator of
/// RFC 3339 ("an RFC 3339 instant with Z or an offset"), a token of the format, not a word.
const TIME_FORMAT: &[&str] = &[
    "rfc",
    "iso",
    "utc",
    "offset",
    "offsets",
    "instant",
    "instants",
    "timestamp",
    "timestamps",
    "timezone",
    "timezones",
    "zone",
    "zones",
];

/// Does the sentence around byte `at` of `text` name a time format ([`TIME_FORMAT`])?
fn names_time_format(text: &str, at: usize) -> bool {
    let ends = |c: char| matches!(c, '.' | '!' | '?' | ';' | '\n');
    let start = text[..at].rfind(ends).map_or(0, |e| e + 1);
    let end = text[at..].find(ends).map_or(text.len(), |e| at + e);
    text[start..end]
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|x| TIME_FORMAT.iter().any(|f| x.eq_ignore_ascii_case(f)))
}

fn word_ok(w: &str) -> bool {
    if w.bytes().all(|c| c.is_ascii_digit()) {
        return w.len() <= 8;
    }
    if !w.bytes().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let lower = w.bytes().all(|c| c.is_ascii_lowercase());
    let capital =
        w.as_bytes()[0].is_ascii_uppercase() && w[1..].bytes().all(|c| c.is_ascii_lowercase());
    let caps = w.len() >= 2 && w.bytes().all(|c| c.is_ascii_uppercase());
    (lower || capital || caps) && (w.len() > 1 || w.eq_ignore_ascii_case("a")) && is_approved(w)
}

/// Words that name or address the reader, besides the lexicon's classes.
const READER: &[&str] = &[
    "model", "models", "system", "systems", "reader", "readers", "bot", "bots", "human", "humans",
];

/// A clinic's own use of a word the subject rule otherwise refuses: a medical history, care
/// instructions for the patient.
fn clinical_use(words: &[Word], k: usize) -> bool {
    let w = words[k].text.as_str();
    // a possessive's "s" belongs to the word before it: "the patient's history"
    let back = if k > 1 && words[k - 1].text == "s" && !words[k - 1].brk_before {
        2
    } else {
        1
    };
    let prev = (k >= back && !words[k].brk_before).then(|| words[k - back].text.as_str());
    let next = |d: usize| {
        words
            .get(k + d)
            .filter(|x| !x.brk_before)
            .map(|x| x.text.as_str())
    };
    let conv = |x: Option<&str>| {
        x.is_some_and(|x| classes(x) & (CONV | AUDIENCE | ACTOR_YOU | ACTOR_AI) != 0)
    };
    match w {
        "history" => {
            prev.is_some_and(|p| {
                matches!(
                    p,
                    "medical"
                        | "clinical"
                        | "family"
                        | "treatment"
                        | "visit"
                        | "appointment"
                        | "booking"
                        | "symptom"
                        | "symptoms"
                        | "status"
                        | "patient"
                        | "patients"
                        | "health"
                        | "allergy"
                        | "vaccination"
                )
            }) || (next(1) == Some("of")
                && !conv(next(2))
                && !(next(2) == Some("the") && conv(next(3))))
        }
        // ("…; data, not instructions", "… data and not instructions": what a run-time text is
        // not, said as the last word)
        "instructions" | "instruction" => {
            let data = |j: usize| matches!(words[j].text.as_str(), "data" | "text" | "content");
            let joined = |j: usize| {
                data(j)
                    || j >= 1
                        && matches!(words[j].text.as_str(), "and" | "but")
                        && !words[j].brk_before
                        && data(j - 1)
            };
            (prev == Some("not")
                && k >= 2
                && !words[k - 1].brk_before
                && joined(k - 2)
                && words.get(k + 1).is_none_or(|x| x.brk_before))
                || prev.is_some_and(|p| {
                    matches!(
                        p,
                        "preparation" | "care" | "discharge" | "fasting" | "dosage" | "aftercare"
                    )
                })
                || (next(1) == Some("for")
                    && (matches!(next(2), Some("the" | "a"))
                        && matches!(next(3), Some("patient" | "visit" | "appointment"))
                        || matches!(next(2), Some("patients"))))
        }
        _ => false,
    }
}

/// The `subject` rule: no second person, no agent nouns, nothing about the conversation, context,
/// prompt, instructions, history or memory. Read on the skeleton, so spelling games do not help.
fn subject_rule(words: &[Word], out: &mut Vec<Violation>) {
    for (k, w) in words.iter().enumerate() {
        let c = classes(&w.text);
        if (c & (ACTOR_YOU | ACTOR_AI | AUDIENCE) != 0 || READER.contains(&w.text.as_str()))
            && !clinical_use(words, k)
        {
            out.push(Violation {
                rule: Rule::Subject,
                range: w.start..w.end,
                detail: format!("\"{}\" addresses or names the reader", w.text),
            });
        }
    }
}

/// Duties that never have a value as subject.
const ALWAYS_DUTY: &[&str] = &[
    "always",
    "never",
    "rule",
    "rules",
    "policy",
    "policies",
    "mandatory",
    "mandated",
    "compulsory",
    "duty",
    "obliged",
    "obligation",
    "obligations",
    "obligatory",
    "ensure",
    "important",
    "importantly",
    "essential",
    "imperative",
    "critical",
    "need",
    "needs",
    "ought",
    "expected",
];
/// Modal verbs a value may be the subject of ("must be between 1 and 100").
const VALUE_MODAL: &[&str] = &[
    "must", "should", "shall", "required", "requires", "require", "mustn", "shouldn",
];
/// Nouns of a person or a program: a duty on them is a duty on a reader.
const PERSON_OR_PROGRAM: &[&str] = &[
    "patient",
    "patients",
    "user",
    "users",
    "doctor",
    "doctors",
    "staff",
    "person",
    "people",
    "caller",
    "client",
    "clients",
    "server",
    "servers",
    "tool",
    "tools",
    "program",
    "programs",
    "application",
    "app",
    "service",
    "services",
    "clinic",
    "clinics",
    "team",
    "operator",
    "operators",
    "everyone",
    "anyone",
    "it",
    "they",
    "he",
    "she",
    "we",
    "i",
    "human",
    "humans",
];

/// What an argument is, as a noun after "a required".
const ARGUMENT_KINDS: &[&str] = &[
    "note",
    "reason",
    "text",
    "value",
    "id",
    "code",
    "key",
    "date",
    "time",
    "number",
    "field",
    "argument",
    "parameter",
];

/// The `obligation` rule: a modal duty only with an argument or a value as subject.
fn obligation_rule(words: &[Word], out: &mut Vec<Violation>) {
    for (k, w) in words.iter().enumerate() {
        let t = w.text.as_str();
        let two = |a: &str, b: &str| k + 1 < words.len() && t == a && words[k + 1].text == b;
        // "on duty", "off duty": a person at work or not, no duty put on anyone ("A clinic with
        // nobody on duty gives …"); not "on duty to …", a duty to act
        let at_work = t == "duty"
            && k >= 1
            && !w.brk_before
            && matches!(words[k - 1].text.as_str(), "on" | "off")
            && words
                .get(k + 1)
                .is_none_or(|n| n.brk_before || n.text != "to");
        let duty = if at_work {
            false
        } else if ALWAYS_DUTY.contains(&t)
            || two("have", "to")
            || two("has", "to")
            || two("per", "policy")
        {
            true
        } else if VALUE_MODAL.contains(&t) {
            // the clause before the modal names no person or program, and a state follows
            let mut s = k;
            while s > 0 && !words[s].brk_before {
                s -= 1;
            }
            let person = words[s..k].iter().any(|x| {
                PERSON_OR_PROGRAM.contains(&x.text.as_str())
                    || classes(&x.text) & (ACTOR_YOU | ACTOR_AI | HUMAN) != 0
            });
            let next: Vec<&str> = words[k + 1..]
                .iter()
                .take(3)
                .take_while(|x| !x.brk_before)
                .map(|x| x.text.as_str())
                .collect();
            // ("with a required note": an argument the tool needs, named by its kind)
            let of_an_argument = t == "required"
                && k >= 1
                && matches!(words[k - 1].text.as_str(), "a" | "an")
                && next.first().is_some_and(|n| ARGUMENT_KINDS.contains(n));
            if of_an_argument {
                continue;
            }
            let state = match t {
                "required" => next.first().is_none_or(|n| *n != "to"),
                "requires" | "require" => false,
                _ => {
                    next.first() == Some(&"be")
                        || (next.first() == Some(&"not") && next.get(1) == Some(&"be"))
                }
            };
            person || !state
        } else {
            false
        };
        if duty {
            out.push(Violation {
                rule: Rule::Obligation,
                range: w.start..w.end,
                detail: format!(
                    "\"{t}\" puts a duty on someone; only a value may be the subject of one"
                ),
            });
        }
    }
}

/// Texts written by people at run time.
const RUN_TIME_TEXTS: &[&str] = &[
    "text", "texts", "content", "excerpt", "excerpts", "note", "notes", "symptoms", "reason",
    "body", "title", "words", "summary",
];

/// "untrusted" names a kind of text written by people at run time ("untrusted text", "The
/// excerpt is untrusted"), never a judgement of a value, a list or a source ("The list of
/// list_doctors is untrusted", "The doctor id is untrusted").
fn untrusted_rule(words: &[Word], out: &mut Vec<Violation>) {
    for (k, w) in words.iter().enumerate() {
        if w.text != "untrusted" {
            continue;
        }
        let is_text = |x: &Word| RUN_TIME_TEXTS.contains(&x.text.as_str());
        let before_text = words
            .get(k + 1)
            .is_some_and(|n| !n.brk_before && is_text(n));
        // "The excerpt is untrusted": the subject, the word just before "is"/"are"
        let said_of_text = k >= 2
            && !w.brk_before
            && matches!(words[k - 1].text.as_str(), "is" | "are")
            && !words[k - 1].brk_before
            && is_text(&words[k - 2]);
        if !before_text && !said_of_text {
            out.push(Violation {
                rule: Rule::Directive,
                range: w.start..w.end,
                detail: "\"untrusted\" judges a value or a source; it names only a kind of text (\"untrusted text\")".to_owned(),
            });
        }
    }
}

/// Verbs of the output screen's taking out.
pub(crate) const TAKING_OUT: &[&str] = &[
    "remove",
    "removes",
    "removed",
    "removing",
    "strip",
    "strips",
    "stripped",
    "stripping",
];

/// "invisible" at `k` names what the output screen takes out of a text ("the server removes
/// invisible characters from the excerpt"): before "characters", in a sentence whose verb takes
/// them out. Whether the taking out is the screen's, of an answer, is the grammar's reading of
/// the same sentence; a sentence that keeps them ("invisible characters are not removed") is
/// refused there too.
fn invisible_characters_removed(words: &[Word], k: usize) -> bool {
    let sentence_start = (0..=k).rev().find(|&j| words[j].brk_before).unwrap_or(0);
    let sentence_end = (k + 1..words.len())
        .find(|&j| words[j].brk_before)
        .unwrap_or(words.len());
    words[k].text == "invisible"
        && words
            .get(k + 1)
            .is_some_and(|n| !n.brk_before && matches!(n.text.as_str(), "character" | "characters"))
        && words[sentence_start..sentence_end]
            .iter()
            .any(|w| TAKING_OUT.contains(&w.text.as_str()))
}

/// The `concealment` rule of the controlled language: no word of hiding, and no "not tell".
fn concealment_rule(words: &[Word], out: &mut Vec<Violation>) {
    for (k, w) in words.iter().enumerate() {
        let c = classes(&w.text);
        // ("sensitive", "private" and "confidential" mark a value to keep back; "case
        // sensitive" is a format, and "private medical data" a kind of data, whose readers a
        // text names beside it)
        let hiding = (c & CONCEAL != 0 && !invisible_characters_removed(words, k))
            || matches!(
                w.text.as_str(),
                "hidden" | "suppress" | "suppressed" | "secret"
            )
            || (matches!(w.text.as_str(), "sensitive" | "private" | "confidential")
                && k.checked_sub(1)
                    .is_none_or(|p| words[p].text != "case" || w.text != "sensitive")
                && !words
                    .get(k + 1)
                    .is_some_and(|n| matches!(n.text.as_str(), "medical" | "health" | "clinical"))
                // ("medical data, sensitive"; "… are sensitive, seen by the doctor …": data said
                // with its readers)
                && k.checked_sub(1).is_none_or(|p| words[p].text != "data")
                && !words[k + 1..]
                    .iter()
                    .take(2)
                    .any(|n| matches!(n.text.as_str(), "seen" | "visible" | "shown")));
        let negated_tell = c & NEG != 0
            && words[k + 1..]
                .iter()
                .take(3)
                .take_while(|x| !x.brk_before)
                .any(|x| {
                    matches!(
                        x.text.as_str(),
                        "tell"
                            | "tells"
                            | "told"
                            | "mention"
                            | "mentions"
                            | "mentioned"
                            | "inform"
                            | "informs"
                            | "informed"
                            | "notify"
                            | "notifies"
                            | "notified"
                            | "reveal"
                            | "reveals"
                            | "revealed"
                            | "disclose"
                            | "discloses"
                            | "disclosed"
                            | "say"
                            | "says"
                            | "alert"
                            | "alerts"
                            | "warn"
                            | "warns"
                            | "acknowledge"
                            | "explain"
                            | "report"
                            | "reports"
                    )
                });
        if hiding || negated_tell {
            out.push(Violation {
                rule: Rule::Concealment,
                range: w.start..w.end,
                detail: format!("\"{}\" is about keeping something from a person", w.text),
            });
        }
    }
}

/// The `data_flow` rule: a reading text names no transfer; a mutating tool's description names a
/// transfer only to the clinic; no third party anywhere.
fn data_flow_rule(words: &[Word], mutates: bool, insurance: bool, out: &mut Vec<Violation>) {
    for (k, w) in words.iter().enumerate() {
        let c = classes(&w.text);
        // "outside" a bound says where a value lies ("a value outside that range", "outside
        // the opening hours"), not where data goes
        const BEFORE_A_BOUND: &[&str] = &[
            "the", "that", "this", "these", "those", "its", "a", "an", "each", "given", "allowed",
            "valid", "opening", "visiting", "office", "clinic", "working", "date", "time",
        ];
        const BOUNDS: &[&str] = &[
            "range", "ranges", "window", "windows", "bounds", "limit", "limits", "hours",
            "interval", "period", "span",
        ];
        let bound = w.text == "outside"
            && words[k + 1..]
                .iter()
                .take_while(|x| !x.brk_before)
                .take(4)
                .find(|x| !BEFORE_A_BOUND.contains(&x.text.as_str()))
                .is_some_and(|x| BOUNDS.contains(&x.text.as_str()));
        // the insurer as a value of a tool that takes insurance ("Insurer and insurance number,
        // as given by the patient"), not where data goes ("sent to the insurer", "the insurer
        // gets …")
        let insurer_named = insurance && w.text.starts_with("insurer") && {
            let before = words[..k]
                .iter()
                .rev()
                .find(|x| !matches!(x.text.as_str(), "the" | "a" | "an" | "its" | "their"));
            // (nor the subject of a verb in its phrase: "the insurer of the patient reads it")
            let acts = words[k + 1..]
                .iter()
                .take_while(|x| !x.brk_before)
                .any(|x| {
                    matches!(
                        x.text.as_str(),
                        "is" | "are" | "was" | "were" | "has" | "have" | "can" | "will" | "may"
                    ) || crate::grammar::verb(&x.text).is_some_and(|(_, _, f)| {
                        matches!(f, crate::grammar::Form::Third | crate::grammar::Form::Past)
                    })
                });
            !before.is_some_and(|x| {
                matches!(
                    x.text.as_str(),
                    "to" | "with" | "into" | "onto" | "for" | "toward" | "towards" | "by"
                )
            }) && !acts
        };
        let third = (c & THIRD != 0 && !insurer_named)
            || (matches!(
                w.text.as_str(),
                "external" | "remote" | "webhook" | "vendor" | "outside" | "elsewhere"
            ) && !bound);
        let next = words
            .get(k + 1)
            .filter(|x| !x.brk_before)
            .map(|x| x.text.as_str());
        // a participle used as an adjective ("submitted intakes") or a noun ("contact email")
        let adjective =
            w.text.ends_with("ed") && !matches!(next, Some("to" | "with" | "into" | "onto"));
        let noun = matches!(
            w.text.as_str(),
            "email" | "emails" | "mail" | "post" | "posts"
        ) && !matches!(
            next,
            Some("to" | "it" | "them" | "the" | "a" | "an" | "this" | "each" | "every" | "all")
        );
        // a noun after a determiner ("the API has no route for this"), with no destination and
        // naming no tool ("the export tool" is one that transfers)
        let named = k > 0
            && matches!(
                words[k - 1].text.as_str(),
                "a" | "an" | "the" | "no" | "each" | "every" | "this" | "its" | "one"
            )
            && !w.brk_before
            && !matches!(
                next,
                Some(
                    "to" | "into" | "onto" | "tool" | "tools" | "endpoint" | "service" | "function"
                )
            );
        // handing in a form at the clinic ("submits the intake"); a destination makes it a transfer
        let handed_in = w.text.starts_with("submit") && !matches!(next, Some("to" | "into"));
        let transfer = c & TRANSFER != 0
            && !matches!(w.text.as_str(), "shared")
            && !adjective
            && !noun
            && !named
            && !handed_in;
        // the change a mutating tool makes reaches the clinic and its people, through the API
        let to_clinic = words[k + 1..]
            .iter()
            .take(8)
            .take_while(|x| !x.brk_before)
            .any(|x| {
                matches!(
                    x.text.as_str(),
                    "clinic" | "api" | "patient" | "patients" | "doctor" | "doctors" | "contact"
                )
            });
        if third || (transfer && !(mutates && to_clinic)) {
            out.push(Violation {
                rule: Rule::DataFlow,
                range: w.start..w.end,
                detail: format!(
                    "\"{}\" names a transfer the tool does not make at the clinic API",
                    w.text
                ),
            });
        }
    }
}

/// What a tool's name or description says it does to the world.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Nothing changes.
    Reads,
    /// Something changes (the verb that says so).
    Changes(&'static str),
    /// Something is cancelled, rejected, deleted or removed.
    Destroys(&'static str),
}

const DESTROY: &[&str] = &[
    "cancel",
    "delete",
    "remove",
    "reject",
    "destroy",
    "erase",
    "purge",
    "drop",
    "revoke",
    "wipe",
    "terminate",
    "discard",
    "truncate",
    "deactivate",
    "unregister",
    "clear",
];
const CHANGE: &[&str] = &[
    "book",
    "move",
    "reschedule",
    "confirm",
    "record",
    "send",
    "create",
    "update",
    "change",
    "set",
    "add",
    "write",
    "modify",
    "edit",
    "submit",
    "escalate",
    "assign",
    "reassign",
    "mark",
    "approve",
    "register",
    "insert",
    "post",
    "patch",
    "release",
    "save",
    "store",
    "upload",
    "publish",
    "transfer",
    "share",
    "forward",
    "import",
    "replace",
    "rename",
    "grant",
    "restore",
    "enable",
    "disable",
    "take",
    "reserve",
    "schedule",
    "append",
    "attach",
    "archive",
    "close",
    "merge",
    "push",
    "deploy",
];

/// Is `word` (lower case) a form of a verb that destroys (`cancel`, `cancels`, `delete`...)?
pub(crate) fn verb_is_destructive(word: &str) -> bool {
    verb_of(word, DESTROY).is_some()
}

/// Is `word` (lower case) a form of a verb that changes something (`book`, `sends`...)?
pub(crate) fn verb_is_change(word: &str) -> bool {
    verb_of(word, CHANGE).is_some()
}

fn verb_of(word: &str, list: &'static [&'static str]) -> Option<&'static str> {
    list.iter().copied().find(|v| {
        word == *v
            || word.strip_suffix('s').is_some_and(|b| b == *v)
            || word.strip_suffix("es").is_some_and(|b| b == *v)
    })
}

/// The effect a tool's name and description claim: a change verb as the name's first word, as the
/// first word of a sentence of the description, or in the third person anywhere in it ("cancels").
pub fn effect_of(name: &str, description: &str) -> Effect {
    effect_in(name, Some(description))
}

/// [`effect_of`] on the name alone (`None`), or on the name and a description.
pub(crate) fn effect_in(name: &str, description: Option<&str>) -> Effect {
    let mut found = Effect::Reads;
    let mut note = |w: &str, imperative: bool, prose: bool| {
        let third_person = prose && w.ends_with('s');
        if !(imperative || third_person) {
            return;
        }
        if let Some(v) = verb_of(w, DESTROY) {
            found = Effect::Destroys(v);
        } else if let (Some(v), Effect::Reads) = (verb_of(w, CHANGE), found) {
            found = Effect::Changes(v);
        }
    };
    let lower = name.to_ascii_lowercase();
    for (k, part) in lower
        .split(['_', '-'])
        .filter(|p| !p.is_empty())
        .enumerate()
    {
        // every word of a name is read: `get_and_delete_record` deletes
        note(part, k == 0 || verb_of(part, DESTROY).is_some(), false);
    }
    let words = skeleton::words(description.unwrap_or(""));
    for (k, w) in words.iter().enumerate() {
        let first = k == 0 || w.brk_before;
        // "Returns the cancelled appointments" reads; "cancels" and "Cancel ..." change
        if matches!(w.text.as_str(), "is" | "was") {
            continue;
        }
        // another tool's act in a deprecation note: "The tool that replaces it has …"
        let of_another_tool = w.text == "replaces"
            && k >= 2
            && matches!(words[k - 1].text.as_str(), "that" | "which")
            && words[k - 2].text == "tool";
        if of_another_tool {
            continue;
        }
        note(&w.text, first, true);
    }
    found
}

/// The `effects` rule for a tool whose flags are known (the macro's `mutates` and `destructive`).
pub fn check_effects(
    name: &str,
    description: &str,
    mutates: bool,
    destructive: bool,
) -> Vec<Violation> {
    let mut out = Vec::new();
    let whole = 0..description.len();
    match effect_of(name, description) {
        Effect::Destroys(v) if !destructive || !mutates => out.push(Violation {
            rule: Rule::Effects,
            range: whole,
            detail: format!(
                "the tool says it will {v} something but does not declare `mutates, destructive`"
            ),
        }),
        Effect::Changes(v) if !mutates => out.push(Violation {
            rule: Rule::Effects,
            range: whole,
            detail: format!("the tool says it will {v} something but does not declare `mutates`"),
        }),
        _ => {}
    }
    out
}

/// Every rule of the controlled language over one text of `tool` (a tool that changes something
/// at the clinic API may name a transfer to the clinic in its own description only), its words
/// and then its sentence shapes ([`crate::grammar`]).
pub(crate) fn check(
    field: Field,
    text: &str,
    tool: crate::grammar::Tool<'_>,
    out: &mut Vec<Violation>,
) {
    // an API's own names, codes and units between backticks are read as one noun each; a literal
    // of several parts is also a name, and a name's findings keep their own rule
    let mut accepted = Vec::new();
    for lit in crate::literal::candidates(text) {
        // (a code of the contract or of this server is its own value, whatever its words:
        // `ROLE_NOT_PERMITTED`, `UPSTREAM_REDIRECT`)
        let code = !text[lit.range.clone()]
            .chars()
            .any(|c| c.is_ascii_lowercase())
            && crate::facts::known_code(
                &text[lit.range.clone()]
                    .trim_matches('`')
                    .to_ascii_lowercase(),
            );
        let parts = match crate::literal::read(text, &lit) {
            crate::literal::Read::Refused(_) if code => {
                accepted.push(lit.range);
                continue;
            }
            crate::literal::Read::Refused(why) => {
                out.push(crate::literal::finding(&lit, &why));
                continue;
            }
            crate::literal::Read::Words => continue,
            crate::literal::Read::Noun(parts) => parts,
        };
        let mut found = Vec::new();
        if parts.len() > 1 && !code {
            // one part is no sentence, and capitals are a code (`CARD`), not data
            // (a code keeps its capitals, so the name's reading knows it for one)
            let mut as_name = crate::literal::as_name(&parts);
            if !text[lit.range.clone()]
                .chars()
                .any(|c| c.is_ascii_lowercase())
            {
                as_name.make_ascii_uppercase();
            }
            crate::grammar::name(Field::ParamName, &as_name, tool, &mut found);
        }
        if found.is_empty() {
            accepted.push(lit.range);
        } else {
            out.extend(found.into_iter().map(|mut v| {
                v.range = lit.range.clone();
                v
            }));
        }
    }
    // (an example's two sides and a date's form are read with the literals as written, and a
    // name as its words: `hours_since_booking` reads "hours since booking")
    if field.is_name() {
        crate::scales::examples_disagree(&text.replace('_', " "), out);
    } else {
        crate::scales::examples_disagree(text, out);
        // (an error is named by its code, as written)
        crate::facts::codes_and_values(
            text,
            tool.name,
            field == Field::ParamDescription && !tool.input,
            out,
        );
        // (the text's tokens, once for every reading of them)
        let toks = crate::lang::words::tokens(text);
        crate::served::cap_denied(&toks, tool.name, out);
        crate::facts::id_glossed_as_another_kind(
            &toks,
            tool.name,
            field == Field::ParamDescription && tool.input,
            out,
        );
        crate::served::doctor_cap_misstated(text, &toks, tool.name, out);
        // (what the answer holds is said by the tool's description and its outputs')
        if field == Field::ToolDescription || field == Field::ParamDescription && !tool.input {
            if crate::facts::answers::output_of(tool.name).is_some() {
                crate::facts::answers::screen_denied(&toks, out);
            }
            crate::facts::answers::answer_overclaimed(
                &toks,
                tool.name,
                field == Field::ToolDescription,
                tool.mutates,
                out,
            );
            crate::facts::person_datum_held(
                &toks,
                tool.name,
                field == Field::ToolDescription,
                tool.mutates,
                out,
            );
        }
        if field == Field::ParamDescription && !tool.input {
            crate::facts::answers::count_of_another_thing(&toks, tool.name, out);
            crate::facts::answers::count_said_another(&toks, tool.name, out);
            crate::facts::earlier_held(&toks, tool.name, out);
            crate::facts::answers::instant_of_an_act(&toks, tool.name, out);
            crate::facts::answers::count_scoped(&toks, tool.name, out);
        }
        if field == Field::ParamDescription && tool.input {
            crate::served::arg_meaning_swapped(&toks, tool.name, out);
        }
    }
    // (a code is written in capitals: `cancelled` is a status, `CANCELLED` a code)
    let code_of = |r: &std::ops::Range<usize>| {
        let lit = text[r.clone()].trim_matches('`');
        if lit.bytes().any(|b| b.is_ascii_lowercase()) {
            String::new()
        } else {
            lit.to_ascii_lowercase()
        }
    };
    let refusals: Vec<_> = accepted
        .iter()
        .filter(|r| crate::facts::refused_code(&code_of(r)))
        .cloned()
        .collect();
    let lost: Vec<_> = accepted
        .iter()
        .filter(|r| crate::facts::lost_code(&code_of(r)))
        .cloned()
        .collect();
    let tool = crate::grammar::Tool {
        refusals: &refusals,
        lost: &lost,
        ..tool
    };
    let read;
    let text = if accepted.is_empty() {
        text
    } else {
        read = crate::literal::as_nouns(text, &accepted);
        read.as_str()
    };
    vocabulary_rule(text, out);
    // a parameter's text said to hold none of some data of people ("…, with no names or birth
    // dates of patients") keeps that data out: every reading past the word list reads it as absent
    let kept;
    let text = match field {
        Field::ParamDescription if tool.input => {
            let spans = crate::lang::data::kept_out(text);
            if spans.is_empty() {
                text
            } else {
                let mut b = text.as_bytes().to_vec();
                for r in spans {
                    b[r].fill(b' ');
                }
                kept = String::from_utf8(b).unwrap_or_else(|_| text.to_owned());
                kept.as_str()
            }
        }
        _ => text,
    };
    let words = skeleton::words(text);
    subject_rule(&words, out);
    obligation_rule(&words, out);
    concealment_rule(&words, out);
    untrusted_rule(&words, out);
    data_flow_rule(
        &words,
        tool.mutates && field == Field::ToolDescription,
        crate::grammar::data_allowed(tool.name).contains(&crate::grammar::Data::Insurance),
        out,
    );
    crate::grammar::check(field, text, tool, out);
    crate::facts::practice_claimed(text, tool.name, out);
    crate::facts::holding_invented(text, tool.name, out);
    crate::grammar::not_an_argument(field, text, tool, out);
}
