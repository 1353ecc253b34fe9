//! What a code is said to mean when the tool's own answer comes back empty. (An error in general
//! said to stand for the change unmade is read with the failures in a condition, by
//! `glosses::failure_unmade`.)

use crate::lang::words::*;
use crate::types::{Rule, Violation};

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
