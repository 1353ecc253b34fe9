//! What an error in general is said to stand for, as a subject of its own: "Any error means
//! nothing was booked", "Every error leaves the slot open", "A failed call means the
//! appointment is unchanged". The errors hold the lost answers (`UPSTREAM_TIMEOUT`), after
//! which the change may be made or not; a text says "nothing changed" of the refused codes by
//! name, or of an error whose kind it names ("A validation error means nothing was booked").

use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::glosses::lost_change_said;

/// An error in general, the subject of "means", "leaves" or "keeps", said to leave the tool's
/// change unmade (or made). For a tool that changes something; a sentence that names a code is
/// the codes' own readings'.
pub(super) fn error_means_unmade(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if own_effects(tool).is_empty() {
        return;
    }
    let w = |j: usize, list: &[&str]| toks.get(j).is_some_and(|x| is_word(x, list));
    for k in 0..toks.len() {
        // the subject: "error(s)" or "failure(s)", or a failed call or request, after nothing
        // but a determiner from its clause's start ("Any error", "An error", "Errors")
        let failed_call = w(k, &["call", "calls", "request", "requests"])
            && k >= 1
            && w(k - 1, &["failed", "unsuccessful"]);
        if !(w(k, &["error", "errors", "failure", "failures"]) || failed_call) {
            continue;
        }
        let head = k - usize::from(failed_call);
        let start = (0..head)
            .rev()
            .find(|&j| matches!(toks[j].kind, Kind::Stop | Kind::Comma))
            .map_or(0, |j| j + 1);
        if !(start..head).all(|j| w(j, &["a", "an", "any", "every", "each", "all", "the"])) {
            continue;
        }
        // the verb that says what it stands for, past an adverb ("An error always means …")
        let mut v = k + 1;
        while w(v, &["always", "then", "still", "simply", "just"]) {
            v += 1;
        }
        if !w(v, &["means", "mean", "leaves", "leave", "keeps", "keep"]) {
            continue;
        }
        let end = (v + 1..toks.len())
            .find(|&j| toks[j].kind == Kind::Stop)
            .unwrap_or(toks.len());
        // (a code named in its sentence is read by the codes' own readings)
        let sent_start = (0..k)
            .rev()
            .find(|&j| toks[j].kind == Kind::Stop)
            .map_or(0, |j| j + 1);
        if toks[sent_start..end].iter().any(|x| {
            x.kind == Kind::Ident
                && x.text.contains('_')
                && !text[x.start..x.end].bytes().any(|b| b.is_ascii_lowercase())
        }) {
            continue;
        }
        // ("leaves the slot open": the object and its state are the claim itself)
        let read: Vec<&Tok> = toks[v + 1..end].iter().collect();
        let said = lost_change_said(&read).is_some()
            || w(v, &["leaves", "leave", "keeps", "keep"])
                && read.iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "open",
                            "free",
                            "available",
                            "unchanged",
                            "intact",
                            "untouched",
                            "unbooked",
                            "pending",
                            "as",
                        ],
                    )
                });
        if said {
            push(
                out,
                Rule::Directive,
                &toks[v],
                "an error in general said to stand for the change unmade: the errors hold the lost answers (`UPSTREAM_TIMEOUT`), after which it may be made or not; say it of the refused codes by name".to_owned(),
            );
            return;
        }
    }
}

/// A code glossed as the tool's own answer coming back empty ("`UNKNOWN_SPECIALTY` means no
/// doctor of that specialty has open slots" on `find_available_slots`): an empty answer is no
/// error, and a code stands for its own case ("No doctor has the specialty …"). The tool's
/// object is the words of its name after its verb ("available", "slots"); a code that names
/// that object itself (`SLOT_TAKEN`, `SLOT_NOT_FOUND`) is glossed by it.
pub(super) fn code_glossed_as_empty(
    text: &str,
    toks: &[Tok],
    tool: &str,
    out: &mut Vec<Violation>,
) {
    let stem = |w: &str| w.strip_suffix('s').unwrap_or(w).to_owned();
    let object: Vec<String> = tool.split('_').skip(1).map(stem).collect();
    if object.is_empty() {
        return;
    }
    let of_object = |x: &Tok| x.kind == Kind::Word && object.contains(&stem(&x.text));
    for (k, t) in toks.iter().enumerate() {
        let code = t.text.to_ascii_lowercase();
        let capitals = !text[t.start..t.end].bytes().any(|b| b.is_ascii_lowercase());
        if !(capitals && code.contains('_') && super::known_code(&code)) {
            continue;
        }
        if code.split('_').any(|p| object.contains(&stem(p))) {
            continue;
        }
        // the gloss: "`X` means …", "`X` is …"
        if !toks
            .get(k + 1)
            .is_some_and(|x| is_word(x, &["means", "mean", "is", "says", "signals", "indicates"]))
        {
            continue;
        }
        let end = (k + 2..toks.len())
            .find(|&j| matches!(toks[j].kind, Kind::Stop))
            .unwrap_or(toks.len());
        let gloss = &toks[k + 2..end];
        // what is denied: the words after the verb that follows a denial ("no doctor … has
        // open slots"), or the denial's own noun ("no open slots for it")
        let denied = gloss.iter().enumerate().any(|(i, x)| {
            if !(is_word(x, NEGATIONS) || is_word(x, &["no", "nothing"])) {
                return false;
            }
            let rest = &gloss[i + 1..];
            let verb_at = rest.iter().position(|y| {
                is_word(
                    y,
                    &[
                        "has", "have", "is", "are", "gives", "give", "holds", "hold", "finds",
                        "find",
                    ],
                )
            });
            match verb_at {
                Some(v) => rest[v + 1..]
                    .iter()
                    .take_while(|y| y.kind == Kind::Word)
                    .take(4)
                    .any(&of_object),
                None => rest.iter().take(3).any(&of_object),
            }
        });
        if denied {
            push(
                out,
                Rule::Directive,
                t,
                "a code glossed as the tool's answer coming back empty: an empty answer is no error, and a code means its own case (`UNKNOWN_SPECIALTY`: no doctor has that specialty)".to_owned(),
            );
            return;
        }
    }
}
