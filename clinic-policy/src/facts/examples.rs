//! An example given of an urgent case that plays the case down.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that make a case light: routine, minor, mild, normal.
const PLAYED_DOWN: &[&str] = &[
    "routine", "minor", "mild", "trivial", "normal", "regular", "simple", "slight", "harmless",
    "usual", "checkup",
];

/// Words that say a case is urgent: the escalation's own words.
const URGENT: &[&str] = &[
    "urgent",
    "urgency",
    "emergency",
    "escalation",
    "escalated",
    "oncall",
];

/// An example of an urgent case that plays it down ("The reason the appointment is urgent, for
/// the oncall doctor (for example: a routine check)"): an example is the value the agent copies,
/// so the note tells the oncall doctor the case is light, and the escalation marks the
/// appointment urgent whatever the note says. Read of the escalation's own texts and of a
/// sentence that says the case is urgent; a light case denied ("not a routine check") passes.
pub(super) fn example_plays_down(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let escalates = own_effects(tool).contains(&"escalate");
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        if !escalates && !s.iter().any(|t| is_word(t, URGENT)) {
            continue;
        }
        for k in 1..s.len() {
            if !opens_example(&s[k - 1], &s[k]) {
                continue;
            }
            // (the example's words, up to the end of its phrase)
            let words: Vec<(usize, &Tok)> = s[k + 1..]
                .iter()
                .enumerate()
                .skip_while(|(_, t)| t.kind != Kind::Word)
                .take_while(|(_, t)| t.kind == Kind::Word)
                .take(6)
                .map(|(j, t)| (k + 1 + j, t))
                .collect();
            let hit = words.iter().find(|&&(j, t)| {
                is_word(t, PLAYED_DOWN)
                    && !s[j.saturating_sub(2)..j]
                        .iter()
                        .any(|x| is_word(x, &["not", "no", "never"]))
            });
            if let Some(&(_, t)) = hit {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "an example of an urgent case that plays it down: the agent copies an example, and the escalation marks the case urgent for the oncall doctor".to_owned(),
                );
                return;
            }
        }
    }
}
