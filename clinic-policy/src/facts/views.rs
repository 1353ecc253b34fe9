//! What the server's other views show right after an act, and when: a list or a read of an
//! appointment is judged against `served::AFTER_ACT` (the escalating doctor's schedule no
//! longer has an escalated appointment, the schedule and the patient's list keep every status,
//! a booked slot leaves the slot search), and the act's own change is made in its answer, at
//! once, never "until" a person acts. A text that says otherwise makes the doctor believe she
//! still holds an escalated case, or the agent tell a patient that a booked slot is still open
//! to others.

use super::acts::{status_left, statuses_taken};
use crate::lang::words::*;
use crate::served::{ONCALL_SCHEDULE, UPCOMING_LIST, shown_after};
use crate::types::{Rule, Violation};

/// The acts the views are read after, by the base of a word naming one ("escalation",
/// "cancelled", "booking", "move"); "schedule" names the doctor's list here, never an act.
fn act_named(t: &Tok) -> Option<&'static str> {
    if t.kind != Kind::Word {
        return None;
    }
    act_of_word(&t.text)
}

/// The act a word names, by its base: a noun of change or an effect verb's participle.
fn act_of_word(w: &str) -> Option<&'static str> {
    let base = change_noun(w).or_else(|| {
        verb(w)
            .filter(|&(_, c, f)| c == VerbClass::Effect && f == Form::Participle)
            .map(|(b, _, _)| b)
    })?;
    match base {
        "escalate" | "cancel" | "reject" | "confirm" | "book" => Some(base),
        "reschedule" | "move" | "rebook" => Some("reschedule"),
        _ => None,
    }
}

/// The act a clause is about: one it names (all of them, when they agree on nothing else the
/// reading needs), else the changing tool's own act.
fn acts_of(clause: &[&Tok], effects: &[&str]) -> Vec<&'static str> {
    let mut named: Vec<&'static str> = clause.iter().filter_map(|t| act_named(t)).collect();
    named.dedup();
    if named.is_empty()
        && let Some(own) = effects.iter().find_map(|e| act_of_word(e))
    {
        named.push(own);
    }
    named
}

/// The tools whose answers are views of the appointments (or of their slots).
const VIEW_TOOLS: &[&str] = &[
    "list_doctor_schedule",
    "list_my_appointments",
    "get_appointment",
    "find_available_slots",
];

/// Words that mark the oncall doctor's (or the new doctor's) side of an escalation.
const ONCALL_SIDE: &[&str] = &["oncall", "new"];

/// Words that name the doctor who acts, in an escalation: the one who gives the appointment
/// away ("this doctor", "the same doctor", "the escalating doctor").
const ACTING_DOCTOR: &[&str] = &["this", "same", "authenticated", "escalating"];

/// Whose schedule the doctor's-list word at `k` is: the oncall doctor's when "oncall" (or
/// "new") is in its noun phrase ("the oncall doctor's schedule", "the schedule of the oncall
/// doctor"), else the acting doctor's.
fn schedule_view(clause: &[&Tok], k: usize) -> &'static str {
    let before = clause[k.saturating_sub(3)..k]
        .iter()
        .take_while(|x| x.kind == Kind::Word);
    let after = clause[k + 1..]
        .iter()
        .take(5)
        .take_while(|x| x.kind == Kind::Word);
    let of = is_word_at(clause, k + 1, &["of"]);
    if before.clone().any(|x| is_word(x, ONCALL_SIDE))
        || of && after.clone().any(|x| is_word(x, ONCALL_SIDE))
    {
        ONCALL_SCHEDULE
    } else {
        "list_doctor_schedule"
    }
}

/// Whether a clause says `upcoming` true, not its false case ("unless upcoming is true",
/// "upcoming false").
fn upcoming_said(clause: &[&Tok]) -> bool {
    clause.iter().enumerate().any(|(k, x)| {
        is_word(x, &["upcoming"])
            && !clause[k.saturating_sub(2)..k]
                .iter()
                .any(|y| is_word(y, &["unless", "without", "not", "no"]))
            && !clause[k + 1..]
                .iter()
                .take(3)
                .any(|y| is_word(y, &["false", "absent", "omitted", "unset", "not"]))
    })
}

/// The view named in `clause`, at a token, if any: a view tool's name, the doctor's schedule,
/// "the patient's list", an anaphor ("that list", "this page", "on it") for the view named
/// before in the text or for the list tool itself, or in an escalation a doctor said to hold
/// the appointment ("stays with this doctor", "the oncall doctor sees it").
fn view_named(
    clause: &[&Tok],
    before: &[Tok],
    tool: &str,
    acts: &[&str],
    upcoming: bool,
) -> Option<(usize, &'static str)> {
    let earlier = || {
        before
            .iter()
            .rev()
            .find_map(|t| VIEW_TOOLS.iter().find(|v| **v == t.text).copied())
    };
    let own_list = VIEW_TOOLS
        .iter()
        .find(|v| **v == tool && v.starts_with("list_"))
        .copied();
    let patient_list = if upcoming {
        UPCOMING_LIST
    } else {
        "list_my_appointments"
    };
    (0..clause.len()).find_map(|k| {
        let t = clause[k];
        if let Some(v) = VIEW_TOOLS.iter().find(|v| **v == t.text) {
            return Some((
                k,
                match *v {
                    "list_doctor_schedule" => schedule_view(clause, k),
                    "list_my_appointments" => patient_list,
                    v => v,
                },
            ));
        }
        if is_word(t, &["schedule", "schedules"]) {
            return Some((k, schedule_view(clause, k)));
        }
        let pointed = k >= 1 && is_word(clause[k - 1], &["that", "this", "the", "same"]);
        if is_word(t, &["list", "page"]) {
            let patients = k >= 1 && is_word(clause[k - 1], &["patient's"]);
            let v = if patients {
                Some(patient_list)
            } else if pointed {
                earlier().or(own_list)
            } else {
                None
            };
            let v = match v {
                Some("list_my_appointments") => Some(patient_list),
                v => v,
            };
            return v.map(|v| (k, v));
        }
        // ("is still on it", "in it": the list tool's own answer)
        if is_word(t, &["it"]) && k >= 1 && is_word(clause[k - 1], &["on", "in"]) {
            return own_list.map(|v| (k, v));
        }
        // (in an escalation, a doctor who holds or sees the appointment: whose schedule)
        if acts.contains(&"escalate") && is_word(t, &["doctor"]) && k >= 1 {
            let holds = k >= 2 && is_word(clause[k - 2], &["with"])
                || is_word_at(clause, k + 1, &["sees", "has", "keeps", "holds"]);
            if holds && is_word(clause[k - 1], ACTING_DOCTOR) {
                return Some((k, "list_doctor_schedule"));
            }
            if holds && is_word(clause[k - 1], ONCALL_SIDE) {
                return Some((k, ONCALL_SCHEDULE));
            }
        }
        None
    })
}

/// Words that say a view still has the appointment after the act, as a verb or adverb.
const STILL: &[&str] = &["still", "stays", "stay", "remains", "remain", "keeps"];
/// Words that say the view has it no longer, as a verb or participle; "longer" (of "no longer")
/// or a word of denial turn the claim too.
const GONE: &[&str] = &[
    "leaves",
    "left",
    "removed",
    "drops",
    "dropped",
    "gone",
    "disappears",
    "hidden",
    "omitted",
    "excluded",
];

/// A word that says a view still has the appointment after the act.
fn kept(t: &Tok) -> bool {
    is_word(t, STILL) || is_word(t, &["too", "also", "kept"])
}

/// A word that says a view no longer has it.
fn dropped(t: &Tok) -> bool {
    is_word(t, GONE) || is_word(t, &["longer"])
}

/// A word that turns what a view is said to have the other way.
fn turned(t: &Tok) -> bool {
    is_word(t, GONE) || is_word(t, &["not", "never", "without", "omits", "excludes"])
}

/// A view said to show after an act what the server's handlers do not give there ("The
/// escalated appointment stays in this doctor's schedule", "list_doctor_schedule no longer
/// shows it" of a rejection, "after the cancellation it is not in that list"): the claim is
/// read in the phrase (up to a comma) of its word of keeping or dropping, and judged by
/// `served::AFTER_ACT`. "The cancelled appointment stays in list_my_appointments" and "after
/// the escalation, the appointment is in the schedule of the oncall doctor" pass.
pub(crate) fn view_after_act_misstated(
    clause: &[&Tok],
    toks: &[Tok],
    tool: &str,
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    let acts = acts_of(clause, effects);
    if acts.is_empty() || act_failed(clause) {
        return;
    }
    let Some(c) = claim_at(clause) else {
        return;
    };
    let phrase = phrase_of(clause, c);
    let before = toks_before(clause, toks);
    // (the view in the claim's phrase, else in the clause)
    let upcoming = upcoming_said(clause);
    let view = view_named(phrase, before, tool, &acts, upcoming)
        .map(|(k, v)| (phrase[k], v))
        .or_else(|| view_named(clause, before, tool, &acts, upcoming).map(|(k, v)| (clause[k], v)));
    let Some((at, view)) = view else {
        return;
    };
    let view = if escalation_received(clause) && view == "list_doctor_schedule" {
        ONCALL_SCHEDULE
    } else {
        view
    };
    let shown = said_shown(phrase);
    // every act the clause names contradicted by the table
    let judged: Vec<bool> = acts.iter().filter_map(|a| shown_after(a, view)).collect();
    if judged.is_empty() || judged.contains(&shown) {
        return;
    }
    push(
        out,
        Rule::Effects,
        at,
        format!(
            "a view after the act said to {} the appointment: {} {} it right after the act",
            if shown {
                "still show"
            } else {
                "no longer show"
            },
            view,
            if shown {
                "no longer shows"
            } else {
                "still shows"
            },
        ),
    );
}

/// A clause of a failed act, which changes nothing: "… gives NO_ONCALL_DOCTOR and the
/// appointment stays with this doctor".
fn act_failed(clause: &[&Tok]) -> bool {
    clause.iter().any(|x| {
        x.kind == Kind::Ident && crate::codes::known_code(&x.text.to_ascii_lowercase())
            || is_word(x, &["fails", "failed", "error", "nothing", "refused"])
    })
}

/// The word that says the view has the appointment, or has it no longer: a word of keeping or
/// dropping, or "is in"/"is on" the view.
fn claim_at(clause: &[&Tok]) -> Option<usize> {
    (0..clause.len()).find(|&k| {
        kept(clause[k])
            || dropped(clause[k])
            || is_word(clause[k], COPULAS)
                && clause[k + 1..]
                    .iter()
                    .take(4)
                    .take_while(|x| !is_word(x, &["in", "on"]))
                    .all(|x| is_word(x, &["not", "never", "no", "longer", "still", "always"]))
                && clause[k + 1..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, &["in", "on"]))
    })
}

/// The phrase of the claim word at `c`: the clause between the commas around it.
fn phrase_of<'a, 'b>(clause: &'a [&'b Tok], c: usize) -> &'a [&'b Tok] {
    let from = clause[..c]
        .iter()
        .rposition(|x| x.kind == Kind::Comma)
        .map_or(0, |p| p + 1);
    let to = clause[c..]
        .iter()
        .position(|x| x.kind == Kind::Comma)
        .map_or(clause.len(), |p| c + p);
    &clause[from..to]
}

/// The text's tokens before the clause.
fn toks_before<'a>(clause: &[&Tok], toks: &'a [Tok]) -> &'a [Tok] {
    let start = clause[0].start;
    let n = toks
        .iter()
        .position(|t| t.start >= start)
        .unwrap_or(toks.len());
    &toks[..n]
}

/// An escalation the list's own doctor gets, the oncall doctor's side: "those escalated to
/// this doctor", "escalated by another doctor".
fn escalation_received(clause: &[&Tok]) -> bool {
    clause.windows(3).any(|w| {
        is_word(w[0], &["escalated"])
            && (is_word(w[1], &["to"]) && is_word(w[2], &["this", "them", "her", "him", "you"])
                || is_word(w[1], &["by", "from"]) && is_word(w[2], &["another", "other"]))
    }) || clause.windows(2).any(|w| {
        is_word(w[0], &["authenticated"])
            && is_word(w[1], DOCTOR_NAMES)
            && clause.iter().any(|x| is_word(x, &["to"]))
    })
}

/// Whether the phrase says the view shows the appointment: an even count of words that turn it
/// ("not", "no longer", "left", "out" unless itself turned).
fn said_shown(phrase: &[&Tok]) -> bool {
    let turns = phrase
        .iter()
        .enumerate()
        .filter(|&(i, x)| {
            turned(x)
                || is_word(x, &["no"]) && is_word_at(phrase, i + 1, &["longer", "more"])
                || is_word(x, &["out"]) && !(i >= 1 && turned(phrase[i - 1]))
        })
        .count();
    turns % 2 == 0
}

/// Words of the values an act changes, said as the old ones ("the old times", "its previous
/// doctor").
const OLD: &[&str] = &["old", "previous", "former", "original", "earlier"];

/// The slot's states before a freeing act (taken); before a booking it is `OPEN`.
const TAKEN: &[&str] = &["taken", "booked", "held", "closed", "reserved"];

/// The act's own change put off until a person acts ("the slot is still open to other patients
/// until the doctor confirms", "it gives the old times until the doctor confirms", "stays
/// confirmed until the doctor sees the cancellation"): what holds before the act, said to last
/// until a person's act. The clinic API makes the change in its answer, at once. "The new
/// appointment is pending until the doctor confirms it" (the status the act leaves) and "the
/// slot stays taken until the patient cancels" pass.
pub(crate) fn effect_deferred_to_a_person(
    clause: &[&Tok],
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    let Some(u) = clause.iter().position(|x| is_word(x, &["until", "till"])) else {
        return;
    };
    let by_a_person = clause[u + 1..]
        .iter()
        .take(3)
        .any(|x| is_word(x, PEOPLE) || is_word(x, STAFF_MEMBERS) || is_word(x, DOCTOR_NAMES));
    if !by_a_person {
        return;
    }
    let head = &clause[..u];
    // (the acts named, and the tool's own: a status said is no act of the tool's)
    let mut acts = acts_of(head, effects);
    acts.extend(acts_of(&[], effects));
    let still = head.iter().any(|x| is_word(x, STILL));
    let denied = |k: usize| {
        k >= 1 && is_word(head[k - 1], &["not", "never"])
            || k >= 2 && is_word(head[k - 2], &["not", "never"])
    };
    let hit = acts.iter().find_map(|&act| {
        let frees = matches!(act, "cancel" | "reject");
        let takes = act == "book";
        let left = status_left(&[act]);
        (0..head.len()).find(|&k| {
            let t = head[k];
            // the old values of a change
            is_word(t, OLD) && act != "book"
                // the slot as it was before the act
                || takes && is_word(t, OPEN)
                || frees && is_word(t, TAKEN)
                // the status the act takes, said to stay
                || still
                    && is_word(t, statuses_taken(&[act]))
                    && left.is_some_and(|l| !is_word(t, &[l]))
                // the act's own change denied ("not taken until", "not cancelled until")
                || denied(k)
                    && verb(&t.text).is_some_and(|(b, _, f)| {
                        f == Form::Participle
                            && (act_named(t) == Some(act) || effects.contains(&b))
                    })
        })
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Effects,
            head[k],
            "the act's change said to wait for a person's act: the clinic API makes it in its answer, at once".to_owned(),
        );
    }
}
