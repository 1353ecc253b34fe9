//! A booking or a move said to wait for a slot to be freed.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that open a time a thing waits for.
const WHEN: &[&str] = &["when", "once", "after", "until", "soon"];

/// A slot's words in the condition: the slot or a pronoun of it.
const SLOT: &[&str] = &["it", "slot", "slots", "they"];

/// Words that say a slot is freed.
const FREED: &[&str] = &[
    "released",
    "freed",
    "free",
    "open",
    "opens",
    "available",
    "vacant",
    "frees",
    "cancelled",
];

/// The act of a booking or a move, said as done.
const DONE: &[&str] = &[
    "moves", "moved", "books", "booked", "rebooked", "goes", "gets", "takes", "waits", "placed",
    "assigned",
];

/// A booking or a move said to be made later, when a taken slot is freed ("for a taken slot, the
/// appointment moves to it when it is released", "the patient is booked once the slot is free
/// again", "the booking waits until the slot opens"): the clinic API keeps no list of waiting
/// acts, and a taken slot answers `SLOT_TAKEN` at once, so the agent tells the patient of a move
/// that never comes. Read of a tool that takes a slot; what anyone can do with a freed slot
/// ("another patient can book it when it is released") is not an act made now.
pub(super) fn act_waits_for_release(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !own_effects(tool).contains(&"take") {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop) {
        // (the condition: "when it is released", "once the slot is free", "until it opens")
        let Some(c) = (0..s.len()).find(|&j| {
            is_word(&s[j], WHEN)
                && (!is_word(&s[j], &["soon"]) || is_word_at(s, j + 1, &["as"]))
                && s[j + 1..].iter().take(3).any(|x| is_word(x, SLOT))
                && s[j + 1..].iter().take(6).any(|x| is_word(x, FREED))
        }) else {
            continue;
        };
        let hit = s[..c].iter().enumerate().rev().find(|&(k, x)| {
            is_word(x, DONE)
                && !s[k.saturating_sub(3)..k].iter().any(|y| {
                    is_word(
                        y,
                        &["can", "may", "cannot", "not", "no", "never", "could", "if"],
                    )
                })
                && !is_word_at(s, k + 1, &["by"])
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "a booking or a move said to wait for a slot to be freed: the clinic API keeps no waiting acts, and a taken slot answers `SLOT_TAKEN` at once".to_owned(),
            );
            return;
        }
    }
}
