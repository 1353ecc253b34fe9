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
