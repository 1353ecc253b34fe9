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

/// The tools that answer `UNKNOWN_SPECIALTY` for a specialty no doctor of the clinic has.
const SPECIALTY_TOOLS: &[&str] = &["list_doctors", "find_available_slots"];

/// A specialty no doctor has said to give an empty answer, or no error ("A specialty with no
/// doctor gives no slots and no error", "a name no doctor has gives zero doctors", "an unknown
/// specialty returns an empty list"): the server answers `UNKNOWN_SPECIALTY` with the known
/// specialties, so the agent that expects an empty list reads the error as a failure of its
/// own. A specialty whose doctors have no open slots does give an empty list: "no doctor" with
/// a slot or a time after it before the verb is said of the slots, not of the specialty.
pub(super) fn unknown_specialty_said_empty(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !SPECIALTY_TOOLS.contains(&tool)
        || !toks
            .iter()
            .any(|x| is_word(x, &["specialty", "specialties"]))
        || toks.iter().any(|x| x.text == "unknown_specialty")
    {
        return;
    }
    const GIVE: &[&str] = &[
        "gives", "give", "returns", "return", "yields", "yield", "answers", "means", "lists",
        "brings", "leads", "finds", "is", "are",
    ];
    const OF_SLOTS: &[&str] = &[
        "slot",
        "slots",
        "open",
        "free",
        "available",
        "availability",
        "time",
        "times",
        "window",
        "day",
        "week",
    ];
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        // (the specialty no doctor has: "with no doctor", "no doctor has", "an unknown
        // specialty", "a specialty that does not exist")
        let cond = s.iter().enumerate().find_map(|(k, t)| {
            let no_doctor = is_word(t, &["doctor", "doctors"])
                && k >= 1
                && is_word(&s[k - 1], &["no", "zero"])
                && !s[k + 1..]
                    .iter()
                    .take_while(|x| {
                        x.kind != Kind::Comma && (!is_word(x, GIVE) || is_word(x, &["is", "are"]))
                    })
                    .take(6)
                    .any(|x| is_word(x, OF_SLOTS));
            let unknown = is_word(t, &["unknown", "nonexistent", "unlisted"])
                && s[k + 1..]
                    .iter()
                    .take(2)
                    .any(|x| is_word(x, &["specialty", "name"]));
            let not_exist = is_word(t, &["exist", "exists"]) && super::served::denied(s, k);
            (no_doctor || unknown || not_exist).then_some(k)
        });
        let Some(c) = cond else {
            continue;
        };
        // (the answer said empty after it: "no slots", "zero doctors", "an empty list", "no
        // error", "nothing")
        let empty = s[c + 1..].iter().enumerate().find(|&(i, x)| {
            let rest = &s[c + 1..];
            // ("an error, not an empty list" denies the empty answer)
            let denied = rest[i.saturating_sub(2)..i]
                .iter()
                .any(|y| is_word(y, &["not"]));
            !denied && is_word(x, &["empty", "nothing", "none"])
                || is_word(x, &["no", "zero"])
                    && rest.get(i + 1).is_some_and(|y| {
                        is_word(
                            y,
                            &[
                                "slot", "slots", "doctor", "doctors", "error", "errors", "result",
                                "results", "match", "matches", "code", "entries",
                            ],
                        )
                    })
        });
        if let Some((_, t)) = empty {
            push(
                out,
                Rule::Directive,
                t,
                "a specialty no doctor has said to give an empty answer: the server answers `UNKNOWN_SPECIALTY` with the specialties it knows".to_owned(),
            );
            return;
        }
    }
}
