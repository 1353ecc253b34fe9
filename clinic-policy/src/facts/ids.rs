//! The kinds of id each tool gives back and takes, read from its name: one id is of one kind, and
//! no tool takes a patient's id.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The kinds of ids a clinic tool gives back, by the objects its name holds: an appointment
/// holds its slot and doctor, a slot its doctor, a doctor its clinic and specialty, an intake its
/// appointment, a waiting list its entry and doctor.
fn kinds_returned(tool: &str) -> &'static [&'static str] {
    // (the name's last word is its object: `list_doctor_schedule` gives back no doctors)
    let last = tool.rsplit('_').next().unwrap_or(tool);
    let has = |w: &[&str]| w.contains(&last);
    if has(&["intake", "intakes"]) {
        &["intake", "appointment"]
    } else if has(&["appointment", "appointments"]) {
        &["appointment", "slot", "doctor", "clinic"]
    } else if has(&["slot", "slots"]) {
        &["slot", "doctor"]
    } else if has(&["waiting", "position"]) {
        &["entry", "doctor", "position"]
    } else if has(&["protocol", "protocols"]) {
        &["protocol", "clinic"]
    } else if has(&["specialty", "specialties"]) {
        &["specialty"]
    } else if has(&["doctor", "doctors"]) {
        &["doctor", "clinic", "specialty"]
    } else if has(&["hours"]) {
        &["clinic"]
    } else {
        &[]
    }
}

/// The kinds of ids a clinic tool takes, by its name: a booking takes a slot, a move an
/// appointment and a slot, a search of slots or a waiting list a doctor, an act on an appointment
/// or its intake the appointment.
/// `Some(&[])`: a tool of the API that takes no id; `None`: a tool it has no route for.
fn kinds_taken(tool: &str) -> Option<&'static [&'static str]> {
    let parts: Vec<&str> = tool.split('_').collect();
    let has = |w: &[&str]| parts.iter().any(|p| w.contains(p));
    Some(match parts.first().copied() {
        Some("book") => &["slot"],
        Some("reschedule" | "move") => &["appointment", "slot"],
        Some("search") => &[],
        _ if has(&["my", "specialties"]) => &[],
        _ if has(&["slot", "slots"]) => &["doctor"],
        _ if has(&["position"]) => &["entry", "doctor"],
        _ if has(&["waiting"]) => &["doctor"],
        _ if has(&["appointment", "intake"]) => &["appointment"],
        _ if has(&["protocol"]) => &["protocol"],
        _ if has(&["doctors"]) => &["specialty"],
        _ if has(&["doctor"]) => &["doctor"],
        _ if has(&["hours"]) => &["clinic"],
        _ => return None,
    })
}

/// The kind of object at `x`, in the singular ("appointments": appointment).
pub(super) fn kind_of(x: &Tok) -> Option<&'static str> {
    let w = x.text.as_str();
    let one = w.strip_suffix('s').unwrap_or(w);
    let one = if w == "specialties" { "specialty" } else { one };
    OBJECT_KINDS
        .iter()
        .chain(&["position"])
        .find(|k| **k == w || **k == one)
        .copied()
}

/// The kind an id is of, before `end`: the last "<kind> id" or "id of … <kind>" ("Id of one of
/// the appointments of the patient, the slot id": slot).
fn id_kind(clause: &[&Tok], end: usize) -> Option<&'static str> {
    id_kinds(clause, end).pop()
}

/// Every kind an id is said to be of before `end`, in order.
fn id_kinds(clause: &[&Tok], end: usize) -> Vec<&'static str> {
    let mut found = Vec::new();
    for k in 0..end.min(clause.len()) {
        let id = |x: &Tok| is_word(x, &["id", "ids"]);
        if id(clause[k])
            && k >= 1
            && let Some(kind) = kind_of(clause[k - 1])
        {
            found.push(kind);
            continue;
        }
        if id(clause[k]) && clause.get(k + 1).is_some_and(|n| is_word(n, &["of"])) {
            // the noun phrase after "of", past "one of": its last kind is its head ("one of the
            // patient's appointments": appointment)
            let mut j = k + 2;
            if clause.get(j).is_some_and(|x| is_word(x, &["one"]))
                && clause.get(j + 1).is_some_and(|x| is_word(x, &["of"]))
            {
                j += 2;
            }
            // (up to a relative word or a second determiner: "the appointment whose intake …",
            // "the appointment the intake form belongs to")
            let mut head = None;
            for x in clause[j.min(end)..end.min(clause.len())].iter().take(6) {
                let ends = x.kind != Kind::Word
                    || is_word(x, PREPOSITIONS)
                    || is_word(x, &["whose", "which", "that", "who", "where"])
                    || (head.is_some() && is_word(x, DETERMINERS));
                if ends {
                    break;
                }
                head = kind_of(x).or(head);
            }
            if let Some(kind) = head {
                found.push(kind);
            }
        }
    }
    found
}

/// An id said to come from a tool that gives back no id of its kind ("Id of the appointment, as
/// returned by find_available_slots"), or said to be what a tool takes that takes no id of its
/// kind ("Doctor id, the value to give to book_appointment"): the agent acts on an unrelated
/// record, possibly another patient's.
pub(crate) fn id_of_another_kind(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    for clause in clauses {
        for (k, t) in clause.iter().enumerate() {
            if t.kind != Kind::Ident || k < 2 {
                continue;
            }
            let returned = is_word(clause[k - 1], &["by"]) && is_word(clause[k - 2], &["returned"]);
            let given = k >= 3
                && is_word(clause[k - 1], &["to"])
                && is_word(clause[k - 2], &["give", "pass", "send"])
                && clause[..k - 2].iter().any(|x| is_word(x, &["value", "id"]));
            // (a tool the API gives back no id from, or has no route for, is not read; one that
            // takes no id takes none of any kind)
            let kinds = if returned {
                Some(kinds_returned(&t.text)).filter(|k| !k.is_empty())
            } else if given {
                kinds_taken(&t.text)
            } else {
                continue;
            };
            let Some(kinds) = kinds else {
                continue;
            };
            // the value's kind: in its clause, or the text's head ("Doctor id, the value to
            // give to …")
            let kind = id_kind(clause, k).or_else(|| {
                let head = clauses.first()?;
                id_kind(head, head.len())
            });
            // ("Id of the appointment, the slot id as returned by …": one value, two kinds)
            let mut named = id_kinds(clause, k);
            named.dedup();
            let two = returned && named.len() > 1;
            if let Some(kind) = kind
                && (!kinds.contains(&kind) || two)
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    if two {
                        format!("one id said to be of two kinds: {}", named.join(" and "))
                    } else {
                        format!(
                            "an id of a {kind} said to come from or go to {}, which gives back or takes none",
                            t.text
                        )
                    },
                );
                return;
            }
        }
    }
}

/// A parameter named as a patient's id (`patient_id`, `other_patient_id`): no route of the API
/// takes one, since the caller's own token says who the patient is; a tool that took one would
/// act on another patient's records.
pub(crate) fn patient_id_named(name: &str, out: &mut Vec<Violation>) {
    let words: Vec<String> = name
        .split(['_', '-'])
        .map(str::to_ascii_lowercase)
        .collect();
    // ("patient_confirmation_id" is a confirmation's id)
    let patients_id = words.windows(2).any(|w| {
        matches!(w[0].as_str(), "patient" | "patients")
            && matches!(w[1].as_str(), "id" | "ids" | "number")
    });
    if patients_id {
        out.push(Violation {
            rule: Rule::Exfiltration,
            range: 0..name.len(),
            detail: "a patient's id as an argument: the caller's token names the patient, and no route of the clinic takes one".to_owned(),
        });
    }
}
