//! The kinds of id each tool gives back and takes, read from its name: one id is of one kind, and
//! no tool takes a patient's id.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The kinds of ids a clinic tool gives back, by the objects its name holds: an appointment
/// holds its slot and doctor, a slot its doctor, a doctor its clinic and specialty, an intake its
/// appointment, a waiting list its entry and doctor.
fn kinds_returned(tool: &str) -> &'static [&'static str] {
    let last = object_of(tool);
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

/// The object a tool's name ends on, its last word (`list_doctor_schedule` gives back a schedule,
/// no doctors).
pub(super) fn object_of(tool: &str) -> &str {
    tool.rsplit('_').next().unwrap_or(tool)
}

/// The kinds of ids a clinic tool takes. A tool this server serves takes the ids of its
/// schema's id arguments (`slot_id`: a slot; the escalation's `appointment_id`: an
/// appointment). Any other is read by its name: a booking takes a slot, a move an appointment and
/// a slot, a search of slots or a waiting list a doctor, an act on an appointment or its intake
/// the appointment, and a cancellation, a confirmation, a rejection or an escalation acts on an
/// appointment (the contract's `PATCH /appointments/:id/<act>`), whatever its name's object.
/// `Some(empty)`: a tool that takes no id; `None`: a tool of no route.
pub(super) fn kinds_taken(tool: &str) -> Option<Vec<&'static str>> {
    if crate::served::role_of(tool).is_some() {
        // each kind once, in the schema's order (not only neighbours)
        let mut kinds: Vec<&'static str> = Vec::new();
        for k in crate::served::args_of(tool)
            .filter(|a| a.form == crate::served::Form::Id)
            .filter_map(|a| kind_of_name(a.name))
        {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        return Some(kinds);
    }
    let parts: Vec<&str> = tool.split('_').collect();
    let has = |w: &[&str]| parts.iter().any(|p| w.contains(p));
    let kinds: &'static [&'static str] = match parts.first().copied() {
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
        Some("cancel" | "confirm" | "reject" | "escalate") => &["appointment"],
        _ => return None,
    };
    Some(kinds.to_vec())
}

/// The kind of id a name holds (`slot_id`, `oncall_slot_id`, `appointment_ids`: the word before
/// its `id`).
fn kind_of_name(name: &str) -> Option<&'static str> {
    let words = name_words(name);
    words.windows(2).find_map(|w| {
        matches!(w[1].as_str(), "id" | "ids")
            .then(|| OBJECT_KINDS.iter().find(|k| **k == w[0]).copied())
            .flatten()
    })
}

/// The kind an id is of, before `end`: the last "<kind> id" or "id of … <kind>" ("Id of one of
/// the appointments of the patient, the slot id": slot).
fn id_kind(clause: &[&Tok], end: usize) -> Option<&'static str> {
    id_kinds(clause, end).pop()
}

/// Every kind an id is said to be of before `end`, in order.
pub(crate) fn id_kinds(clause: &[&Tok], end: usize) -> Vec<&'static str> {
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
    if id_placed_by_another(clauses, out) {
        return;
    }
    for clause in clauses {
        for (k, t) in clause.iter().enumerate() {
            if t.kind != Kind::Ident || k < 2 {
                continue;
            }
            // (a tool said as where the value is read: "the number after the doctor's name in
            // list_doctors", "as shown on get_doctor", "read off find_available_slots")
            let read_in = {
                let mut j = k;
                while j >= 1 && is_word(clause[j - 1], DETERMINERS) {
                    j -= 1;
                }
                j >= 1
                    && is_word(
                        clause[j - 1],
                        &[
                            "in", "from", "on", "off", "via", "through", "within", "inside", "of",
                            "by", "under", "at",
                        ],
                    )
            };
            let returned = is_word(clause[k - 1], &["by"]) && is_word(clause[k - 2], &["returned"])
                || read_in && !kinds_returned(&t.text).is_empty();
            let given = k >= 3
                && is_word(clause[k - 1], &["to"])
                && is_word(clause[k - 2], &["give", "pass", "send"])
                && clause[..k - 2].iter().any(|x| is_word(x, &["value", "id"]));
            // (a tool the API gives back no id from, or has no route for, is not read; one that
            // takes no id takes none of any kind)
            let kinds = if returned {
                Some(kinds_returned(&t.text).to_vec()).filter(|k| !k.is_empty())
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

/// An id glossed as a number placed by another kind's record ("Id of an open slot, the number
/// after the doctor's name", "Slot id: the figure beside the appointment's date"): the ids of
/// slots, doctors, appointments and patients are separate spaces, and one kind's number is read
/// off its own record, so the agent acts on an unrelated record.
fn id_placed_by_another(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) -> bool {
    const NUMBER: &[&str] = &[
        "number", "numbers", "figure", "figures", "digits", "digit", "integer", "value", "code",
        "numeral",
    ];
    const PLACED: &[&str] = &[
        "after",
        "before",
        "beside",
        "next",
        "by",
        "under",
        "against",
        "alongside",
        "near",
        "above",
        "below",
        "following",
        "preceding",
        "left",
        "right",
    ];
    let Some(kind) = clauses.iter().find_map(|c| id_kind(c, c.len())) else {
        return false;
    };
    for clause in clauses {
        for (k, x) in clause.iter().enumerate() {
            // (set apart: "not the number next to the slot's start")
            if !is_word(x, NUMBER)
                || !is_word_at(clause, k + 1, PLACED)
                || clause[k.saturating_sub(3)..k]
                    .iter()
                    .any(|y| is_word(y, NEGATIONS))
            {
                continue;
            }
            let other = clause[k + 2..]
                .iter()
                .take(5)
                .take_while(|y| y.kind == Kind::Word)
                .find_map(|y| kind_of(y).filter(|&o| o != kind));
            if let Some(o) = other {
                push(
                    out,
                    Rule::Directive,
                    x,
                    format!(
                        "an id of {} {kind} glossed as a number placed by {} {o}'s record: each kind's id is its own",
                        article(kind),
                        article(o)
                    ),
                );
                return true;
            }
        }
    }
    false
}

/// Words of a person whose records a tool would reach by an id (`patient_id`, `person_id`,
/// `owner_number`).
const PERSONS: &[&str] = &[
    "patient",
    "patients",
    "person",
    "persons",
    "people",
    "client",
    "clients",
    "owner",
    "owners",
    "user",
    "users",
    "member",
    "members",
    "customer",
    "customers",
    "account",
    "accounts",
    "guardian",
    "guardians",
    "caller",
    "callers",
    "holder",
    "holders",
];

/// A parameter name's words, in lower case.
fn name_words(name: &str) -> Vec<String> {
    name.split(['_', '-'])
        .map(str::to_ascii_lowercase)
        .collect()
}

/// A parameter named as a person's id (`patient_id`, `other_patient_id`, `owner_id`,
/// `client_number`): no route of the API takes one, since the caller's own token says who the
/// patient is; a tool that took one would act on another person's records.
pub(crate) fn patient_id_named(name: &str, out: &mut Vec<Violation>) {
    let words = name_words(name);
    // ("patient_confirmation_id" is a confirmation's id)
    let persons_id = words.windows(2).any(|w| {
        PERSONS.contains(&w[0].as_str()) && matches!(w[1].as_str(), "id" | "ids" | "number")
    });
    if persons_id {
        out.push(Violation {
            rule: Rule::Exfiltration,
            range: 0..name.len(),
            detail: "a person's id as an argument: the caller's token names the patient, and no route of the clinic takes one".to_owned(),
        });
    }
}

/// "a" or "an" before a kind's name.
fn article(kind: &str) -> &'static str {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// A parameter named as the id of a kind its tool does not take (`slot_id` or `slot_number` for
/// `cancel_appointment` or `get_appointment`, `booking_id` or `reservation_id` for
/// `book_appointment`): as [`id_not_taken`], said by the name.
pub(crate) fn own_id_named(name: &str, tool: &str, out: &mut Vec<Violation>) {
    let Some((kind, taken)) = id_named_not_taken(name, tool) else {
        return;
    };
    out.push(Violation {
        rule: Rule::Directive,
        range: 0..name.len(),
        detail: format!(
            "an argument named as the id of {} {kind}: the tool takes {}",
            article(kind),
            if taken.is_empty() {
                "no id".to_owned()
            } else {
                format!("the id of {}", taken.join(" or "))
            }
        ),
    });
}

/// The kind of id a parameter name names that its tool does not take, with the kinds it takes;
/// the one reading of such a name (a name read as another tool's datum defers to it).
pub(crate) fn id_named_not_taken(
    name: &str,
    tool: &str,
) -> Option<(&'static str, Vec<&'static str>)> {
    let taken = kinds_taken(tool)?;
    let words = name_words(name);
    // (a booking or a visit is an appointment, by another name)
    let named = words.windows(2).find_map(|w| {
        let kind = match w[0].as_str() {
            "booking" | "bookings" | "visit" | "visits" | "reservation" | "reservations" => {
                "appointment"
            }
            k => OBJECT_KINDS
                .iter()
                .chain(&["position"])
                .find(|o| **o == k)?,
        };
        // (an object's number is its id: `slot_number`)
        matches!(w[1].as_str(), "id" | "ids" | "number" | "no").then_some(kind)
    })?;
    // (a queue's position is the tool's own object: `position_id` on
    // get_waiting_list_position)
    let own = taken.contains(&named) || named == "position" && object_of(tool) == named;
    (!own).then_some((named, taken))
}

/// A parameter's description that opens on a person's id ("Id of the owner of the appointment",
/// "Id of the person whose appointment is cancelled", "Patient id") in a tool of the API: as
/// [`patient_id_named`]. A person's thing ("Id of the patient's entry") is the thing's id.
pub(crate) fn patient_id_described(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if !crate::served::has_route(tool) {
        return;
    }
    let head: Vec<&&Tok> = clause
        .iter()
        .filter(|x| !is_word(x, DETERMINERS))
        .take(4)
        .collect();
    // (the person heads the phrase: "Id of the owner of the appointment", "… whose …", not
    // "Id of the patient's entry", read "patient entry")
    let ends = |x: Option<&&&Tok>| {
        x.is_none_or(|x| {
            x.kind != Kind::Word
                || is_word(x, PREPOSITIONS)
                || is_word(x, &["whose", "who", "that", "which", "as", "and", "or"])
        })
    };
    let persons_id = match head.as_slice() {
        [id, of, who, ..] if is_word(id, &["id", "ids", "number"]) && is_word(of, &["of"]) => {
            is_word(who, PERSONS) && ends(head.get(3))
        }
        [who, id, ..] => is_word(who, PERSONS) && is_word(id, &["id", "ids"]),
        _ => false,
    };
    if persons_id {
        push(
            out,
            Rule::Exfiltration,
            head[0],
            "a person's id as an argument: the caller's token names the patient, and no route of the clinic takes one".to_owned(),
        );
    }
}

/// What the clinic sets, named as an argument: a changing tool's `status`, `priority`,
/// `urgent`, `confirmed`, `refund_cents` (the API sets the status, the priority, the triage and
/// every amount), and any tool's `role` or `scope` (the caller's token holds them).
pub(crate) fn clinic_value_named(name: &str, mutates: bool, out: &mut Vec<Violation>) {
    const SET_BY_THE_CLINIC: &[&str] = &[
        "status",
        "statuses",
        "priority",
        "urgent",
        "urgency",
        "triage",
        "confirmed",
        "approved",
        "accepted",
        "refund",
        "refunds",
        "fee",
        "fees",
        "price",
        "cost",
        "discount",
    ];
    const THE_TOKENS: &[&str] = &[
        "role",
        "roles",
        "scope",
        "scopes",
        "permission",
        "permissions",
        "admin",
        "privilege",
        "privileges",
    ];
    let hit = name_words(name).iter().any(|w| {
        THE_TOKENS.contains(&w.as_str()) || (mutates && SET_BY_THE_CLINIC.contains(&w.as_str()))
    });
    if hit {
        out.push(Violation {
            rule: Rule::Directive,
            range: 0..name.len(),
            detail: "an argument for what the clinic or the caller's token sets (a status, a priority, an amount, a role)".to_owned(),
        });
    }
}

/// A changing tool's argument described as what the clinic sets, with a default or said to be
/// set by the caller ("Status of the new appointment, `pending` or `confirmed`. Default:
/// `confirmed`.", "Priority of the appointment, set by the patient"). The same head without
/// either describes the result, which an output field may.
pub(crate) fn clinic_value_described(toks: &[Tok], out: &mut Vec<Violation>) {
    let head = toks.iter().find(|x| !is_word(x, DETERMINERS));
    let chosen = toks.iter().any(|x| is_word(x, &["default", "defaults"]))
        || toks.windows(3).any(|w| {
            is_word(&w[0], &["by", "from"])
                && is_word(&w[1], &["the", "a", "each"])
                && is_word(&w[2], &["patient", "caller", "user", "patients", "callers"])
        });
    if let Some(t) =
        head.filter(|x| chosen && is_word(x, &["status", "priority", "triage", "urgency"]))
    {
        push(
            out,
            Rule::Directive,
            t,
            "an argument for what the clinic sets: the API sets the status, the priority and the triage".to_owned(),
        );
    }
}

/// What a free text is called: a parameter whose value is one asks the caller to write it.
const TEXT_HEADS: &[&str] = &[
    "reason",
    "reasons",
    "note",
    "notes",
    "comment",
    "comments",
    "message",
    "messages",
    "text",
    "remark",
    "remarks",
    "explanation",
    "details",
    "description",
    "summary",
    "purpose",
    "cause",
    "question",
    "questions",
];

/// A rejection's reason named for other readers than the patient (`staff_note`,
/// `internal_reason`): the reason is shown to the patient, so the agent writes for a reader who
/// is not the one who reads it.
pub(crate) fn reason_named_for_others(name: &str, tool: &str, out: &mut Vec<Violation>) {
    let words = name_words(name);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    if tool.split('_').next() == Some("reject")
        // (a reader, not an author: `doctor_note` is the doctor's own)
        && has(&["staff", "internal", "private", "nurse", "nurses", "reception"])
        && has(TEXT_HEADS)
    {
        out.push(Violation {
            rule: Rule::Directive,
            range: 0..name.len(),
            detail: "the rejection's reason is shown to the patient: an argument's name gives it no other reader".to_owned(),
        });
    }
}

/// The thing of the table of answers an id's kind names.
fn thing_of(kind: &str) -> Option<super::answers::Thing> {
    use super::answers::Thing;
    Some(match kind {
        "appointment" => Thing::Appointment,
        "slot" => Thing::Slot,
        "doctor" => Thing::Doctor,
        "clinic" => Thing::Clinic,
        "protocol" => Thing::Protocol,
        "intake" => Thing::Intake,
        _ => return None,
    })
}

/// An argument's id said to come from a tool whose answer, as the table of answers holds it
/// (`answers::OUTPUTS`), does not give it: one id said to be of two kinds ("Id of one of the
/// patient's appointments: the slot id returned by find_available_slots"), an id of a kind the
/// answer holds none of, an open slot's id from an answer whose slot ids are the appointments'
/// own, taken slots ("Id of the open slot to move it to, as returned by list_my_appointments"),
/// or an id from a tool no caller of this tool may call ("as returned by list_my_appointments"
/// for a doctor's confirmation). The agent passes a number of another record, or calls a tool
/// that refuses it. "The slot_id from find_available_slots" passes.
pub(crate) fn id_source_misstated(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    use super::answers::{Thing, id_records};
    let hit = first_source(toks, |s, refs, k, t| {
        let source = t.text.as_str();
        let mut kinds = id_kinds(refs, k);
        kinds.sort_unstable();
        kinds.dedup();
        if kinds.len() > 1 {
            return Some(format!(
                "one id said to be of two kinds: {}",
                kinds.join(" and ")
            ));
        }
        let kind = kinds.first()?;
        let thing = thing_of(kind)?;
        let held = id_records(source, thing)?;
        let open = s[..k]
            .iter()
            .any(|x| is_word(x, &["open", "free", "available", "unbooked"]));
        if held.is_empty() {
            Some(format!(
                "an id of {} {kind} said to come from {source}, whose answer holds none",
                article(kind)
            ))
        } else if open && thing == Thing::Slot && !held.contains(&Thing::Slot) {
            Some(format!(
                "an open slot's id said to come from {source}, whose slot ids are of its appointments' own slots, which are taken"
            ))
        } else if !super::roles::share_a_caller(tool, source) {
            Some(format!(
                "an id said to come from {source}, which no caller of {tool} may call"
            ))
        } else {
            None
        }
    });
    if let Some((t, why)) = hit {
        push(out, Rule::Directive, t, why);
    }
}

/// The first tool named as an id's source (`from_a_tool`, a tool with an answer) for which
/// `judge` gives a finding, with that finding; sentences split at stops other than a colon.
fn first_source<'a>(
    toks: &'a [Tok],
    mut judge: impl FnMut(&'a [Tok], &[&'a Tok], usize, &'a Tok) -> Option<String>,
) -> Option<(&'a Tok, String)> {
    for s in toks.split(|t| t.kind == Kind::Stop && t.text != ":") {
        let refs: Vec<&Tok> = s.iter().collect();
        for (k, t) in s.iter().enumerate() {
            if t.kind != Kind::Ident
                || !from_a_tool(s, k)
                || super::answers::output_of(&t.text).is_none()
            {
                continue;
            }
            if let Some(why) = judge(s, &refs, k, t) {
                return Some((t, why));
            }
        }
    }
    None
}

/// Whether the ident at `k` names the tool an id comes from: "returned by X", "given by X",
/// "listed by X", "from X", "the slot id of X".
fn from_a_tool(s: &[Tok], k: usize) -> bool {
    k >= 1 && is_word(&s[k - 1], &["from", "of"])
        || k >= 2
            && is_word(&s[k - 1], &["by"])
            && is_word(
                &s[k - 2],
                &["returned", "given", "listed", "answered", "found", "shown"],
            )
}

/// An argument's id of a kind its tool does not take: said to come from a tool ("The clinic id
/// of list_doctors" for the slot search's doctor, "the doctor id from list_doctors" for a
/// booking), or, with `opening` (a changing tool's first clause), the text opening on it ("Id of
/// the doctor of the appointment" for `cancel_appointment`, which takes the appointment's): the
/// agent passes a number of another record, and the call acts on whatever record has it.
pub(crate) fn id_not_taken(
    toks: &[Tok],
    opening: Option<&[&Tok]>,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    let Some(taken) = kinds_taken(tool).filter(|k| !k.is_empty()) else {
        return;
    };
    let hit = opening
        .and_then(|c| opening_id_not_taken(c, &taken))
        .or_else(|| {
            first_source(toks, |_, refs, k, t| {
                let kind = id_kinds(refs, k).into_iter().find(|x| !taken.contains(x))?;
                Some(format!(
                    "an id of {} {kind} said to come from {}: the argument takes the id of {}",
                    article(kind),
                    t.text,
                    taken.join(" or ")
                ))
            })
        });
    if let Some((t, why)) = hit {
        push(out, Rule::Directive, t, why);
    }
}

/// A clause that opens on an id ("Id of …", "Doctor id …") of a kind not `taken`.
fn opening_id_not_taken<'a>(clause: &[&'a Tok], taken: &[&str]) -> Option<(&'a Tok, String)> {
    let i = clause
        .iter()
        .position(|x| !is_word(x, DETERMINERS))
        .filter(|&i| {
            is_word(clause[i], &["id", "ids"])
                || clause
                    .get(i + 1)
                    .is_some_and(|n| is_word(n, &["id", "ids"]))
        })?;
    let end = (i + 11).min(clause.len());
    let kind = id_kinds(clause, end).first().copied()?;
    (!taken.contains(&kind)).then(|| {
        (
            clause[i],
            format!(
                "an argument said to be the id of {} {kind}: the tool takes the id of {}",
                article(kind),
                taken.join(" or ")
            ),
        )
    })
}

/// The kind of the id a phrase names at `j`: "<kind> id" or a name `<kind>_id`.
pub(crate) fn id_named_at(p: &[&Tok], j: usize) -> Option<&'static str> {
    let t = p.get(j)?;
    if t.kind == Kind::Ident {
        return kind_of_name(&t.text);
    }
    p.get(j + 1)
        .filter(|n| is_word(n, &["id", "ids"]))
        .and_then(|_| kind_of(t))
}

/// The one kind of id the served tools a verb opens take ("book": `book_appointment`, a slot;
/// "reschedule" takes two, and names none).
pub(crate) fn kind_a_verb_takes(verb: &Tok) -> Option<&'static str> {
    let mut kinds: Vec<&'static str> = crate::served::ROLES
        .iter()
        .filter(|(t, _)| t.split('_').next() == Some(verb.text.as_str()))
        .filter_map(|(t, _)| kinds_taken(t))
        .flatten()
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    match kinds.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// Words that order a record in time, or by which came first.
const IN_TIME: &[&str] = &[
    "later", "earlier", "sooner", "newer", "older", "after", "before", "first", "last", "next",
    "previous", "recent", "newest", "oldest", "latest", "earliest", "time",
];

/// Words that give a record's place in a count.
const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "next", "last", "newest", "latest", "oldest",
];

/// Words that compare or order numbers.
const HIGHER: &[&str] = &[
    "higher",
    "lower",
    "larger",
    "smaller",
    "bigger",
    "greater",
    "highest",
    "lowest",
    "largest",
    "smallest",
    "biggest",
    "greatest",
    "rise",
    "rises",
    "grow",
    "grows",
    "increase",
    "increases",
];

/// An id said to count or to rise in an order of time or of the caller's own records ("1 for
/// the first one the patient booked, 2 for the next", "a higher id starts later", "ids rise with
/// time"): the clinic API's ids are its own numbers, in no order the contract gives, and an
/// agent that guesses an id from the order acts on another record.
pub(crate) fn id_order_claimed(toks: &[Tok], out: &mut Vec<Violation>) {
    let refs: Vec<&Tok> = toks.iter().collect();
    let head: Vec<&Tok> = refs
        .iter()
        .copied()
        .take_while(|t| t.kind == Kind::Word || t.kind == Kind::Ident)
        .collect();
    let opens_on_an_id = !id_kinds(&head, head.len()).is_empty();
    for s in refs.split(|t| t.kind == Kind::Stop && t.text != ":") {
        // "<n> for the first", "<n> for the next one"
        let counted = opens_on_an_id
            .then(|| {
                s.windows(4).position(|w| {
                    w[0].kind == Kind::Ident
                        && w[0].text.bytes().all(|b| b.is_ascii_digit())
                        && is_word(w[1], &["for"])
                        && is_word(w[2], &["the", "a", "an"])
                        && is_word(w[3], IN_TIME)
                })
            })
            .flatten()
            .or_else(|| {
                // "the first appointment is 1, the second is 2": a record's place said to be its
                // number
                (opens_on_an_id || s.iter().any(|x| is_word(x, &["id", "ids"])))
                    .then(|| {
                        (0..s.len()).find(|&k| {
                            let w = &s[k..(k + 4).min(s.len())];
                            is_word(w[0], ORDINALS)
                                && w[1..].iter().any(|x| is_word(x, &["is", "gets", "has"]))
                                && w[1..].iter().any(|x| {
                                    x.kind == Kind::Ident
                                        && x.text.bytes().all(|b| b.is_ascii_digit())
                                })
                        })
                    })
                    .flatten()
            });
        // "a higher id starts later", "the id of a newer appointment is a larger number", "ids
        // rise with time": an id and a comparison of numbers in one clause that orders in time;
        // a place in a list ("the lowest id first") is an order by id, and a denied clause
        // claims none
        let timed = s
            .iter()
            .any(|x| is_word(x, IN_TIME) && !is_word(x, &["first", "last", "next", "previous"]));
        let denied = s.iter().any(|x| is_word(x, &["not", "no", "never"]));
        let compared = s.iter().any(|x| is_word(x, HIGHER));
        let ordered = s
            .iter()
            .position(|t| is_word(t, &["id", "ids"]))
            .filter(|_| compared && timed && !denied);
        if let Some(k) = counted.or(ordered) {
            push(
                out,
                Rule::Directive,
                s[k],
                "an id said to count or rise in an order: the clinic API's ids are its own numbers, in no order the contract gives".to_owned(),
            );
            return;
        }
    }
}

/// A served changing tool's description whose act falls on records of kinds it neither takes an id of
/// nor answers ("Escalate one of the authenticated doctor's slots", "Cancel one of the
/// patient's slots"): the first sentence's object, from its verb up to a preposition other than
/// "of", names records with ids (a slot, an appointment, a doctor, a clinic, a protocol) and
/// none is one the tool takes or gives back. The agent passes an id of the kind the text names,
/// and the act falls on another record. "Book an appointment" names what the booking answers,
/// and "Record the symptoms of one of the patient's appointments" what it takes: both pass.
pub(crate) fn act_object_not_taken(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    const RECORDS: &[&str] = &["slot", "appointment", "doctor", "clinic", "protocol"];
    // (a served tool's kinds are its schema's; a name's guessed kinds are too loose for an act)
    if crate::served::role_of(tool).is_none() {
        return;
    }
    let Some(mut allowed) = kinds_taken(tool).filter(|k| !k.is_empty()) else {
        return;
    };
    let answered = super::answers::output_of(tool)
        .and_then(|f| f.first())
        .map(|f| f.of);
    allowed.extend(
        RECORDS
            .iter()
            .filter(|k| thing_of(k).is_some() && thing_of(k) == answered),
    );
    allowed.sort_unstable();
    allowed.dedup();
    let Some(verb) = toks.first().filter(|t| t.kind == Kind::Word) else {
        return;
    };
    let object: Vec<&Tok> = toks[1..]
        .iter()
        .take_while(|x| {
            x.kind == Kind::Word
                && (!is_word(x, PREPOSITIONS) || is_word(x, &["of"]))
                && !is_word(x, &["whose", "which", "that", "who", "where"])
        })
        .take(12)
        .collect();
    // (a booking is the appointment, whatever it is "of": "a patient's booking of a slot")
    let kinds: Vec<&'static str> = object
        .iter()
        .filter_map(|x| {
            if is_word(x, &["booking", "bookings"]) {
                Some("appointment")
            } else {
                kind_of(x)
            }
        })
        .filter(|k| RECORDS.contains(k))
        .collect();
    if let Some(last) = kinds.last()
        && !kinds.iter().any(|k| allowed.contains(k))
    {
        push(
            out,
            Rule::Directive,
            verb,
            format!(
                "the act said to fall on {} {last}: the tool takes the id of {}",
                article(last),
                allowed.join(" or ")
            ),
        );
    }
}

/// Acts that leave an appointment's id as it is, by their words: a confirmation, a rejection, a
/// cancellation, an escalation, an intake, a change (the contract's `PATCH` routes return the
/// appointment they act on, and an intake belongs to its appointment). Not "status": a status is
/// a field, not an act.
const ACTS_ON_ONE: &[&str] = &[
    "confirm",
    "confirms",
    "confirmed",
    "confirmation",
    "reject",
    "rejects",
    "rejected",
    "rejection",
    "cancel",
    "cancels",
    "cancelled",
    "cancellation",
    "escalate",
    "escalates",
    "escalated",
    "escalation",
    "intake",
    "change",
    "changes",
    "changed",
    "update",
    "updates",
    "updated",
    "move",
    "moves",
    "moved",
    "rescheduled",
    "reassigned",
];

/// Words that make a booking, the one act that gives an appointment its (new) id and a slot's
/// holder.
const BOOKINGS: &[&str] = &["book", "books", "booked", "booking", "bookings", "creates"];

/// Words of an id: "id", "number".
const ID_WORDS: &[&str] = &["id", "ids", "number", "numbers"];

/// The kind of the id a phrase at `k` names: "<kind> id" after `k`, else the last kind said of
/// an id before it, else the nearest appointment or slot before it ("Creates an appointment
/// with a new id"), else the kind of the field's own id (`head`, the first clause: "Appointment
/// id; a new one …"), else the first kind the tool takes (the escalation's appointment).
fn kind_at(clause: &[&Tok], head: &[&Tok], k: usize, tool: &str) -> Option<&'static str> {
    if let Some(kind) = clause.get(k + 1).and_then(|x| kind_of(x))
        && is_word_at(clause, k + 2, ID_WORDS)
    {
        return Some(kind);
    }
    id_kind(clause, k)
        .or_else(|| {
            clause[..k]
                .iter()
                .rev()
                .filter_map(|x| kind_of(x))
                .find(|x| matches!(*x, "appointment" | "slot"))
        })
        .or_else(|| id_kind(head, head.len()))
        .or_else(|| kinds_taken(tool).and_then(|k| k.first().copied()))
}

/// An appointment or a slot said to get a new id from an act ("Appointment id, a new one after
/// the confirmation", "Escalate … under a new id", "The booked slot, with a new slot id after
/// the booking", "the appointment is renumbered"): every route that acts on an appointment
/// returns it under the id it had, and a slot has one id; so the agent drops the id it holds and
/// loses the appointment. A booking's appointment is new, with a new id ("Appointment id, a new
/// one for each booking" on the booking or a list); a move is read by [`move_said_new`] (its new
/// slot has an id of its own). "no new id" denies it. `head` is the text's first clause, what a
/// later clause's "one" may stand for.
///
/// [`move_said_new`]: crate::facts::move_said_new
pub(crate) fn id_said_renewed(
    clause: &[&Tok],
    head: &[&Tok],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    // (a tool of no route of the API is none of its acts)
    if matches!(tool.split('_').next(), Some("reschedule" | "move"))
        || !crate::served::has_route(tool)
    {
        return;
    }
    const NEW: &[&str] = &["new", "another", "different", "distinct", "fresh", "second"];
    // (the nouns "one" may stand for: "a new one after the confirmation" is of the nearest)
    const NOUNS: &[&str] = &[
        "id",
        "ids",
        "number",
        "appointment",
        "appointments",
        "booking",
        "bookings",
        "slot",
        "slots",
        "doctor",
        "time",
        "status",
        "key",
        "note",
    ];
    let denied =
        |k: usize| (1..=2).any(|d| k >= d && is_word(clause[k - d], &["no", "not", "without"]));
    let an_id = |k: usize| {
        is_word_at(clause, k + 1, ID_WORDS)
            || clause.get(k + 1).is_some_and(|x| kind_of(x).is_some())
                && is_word_at(clause, k + 2, &["id", "ids", "number"])
            || is_word_at(clause, k + 1, &["one"])
                && clause[..k]
                    .iter()
                    .rev()
                    .chain(head.iter().rev())
                    .find(|x| is_word(x, NOUNS))
                    .is_some_and(|x| is_word(x, ID_WORDS))
    };
    let hit = (0..clause.len())
        .find(|&k| is_word(clause[k], NEW) && !denied(k) && an_id(k))
        .or_else(|| {
            clause
                .iter()
                .position(|x| is_word(x, &["renumbered", "renumbers", "renumber"]))
        });
    let Some(k) = hit else {
        return;
    };
    let other_act = act_gives_new(clause, k);
    let booking = clause.iter().any(|x| is_word(x, BOOKINGS));
    let books = matches!(tool.split('_').next(), Some("book" | "create"));
    let false_of_it = match kind_at(clause, head, k, tool) {
        Some("appointment") => other_act || (mutates && !books),
        Some("slot") => other_act || booking || mutates,
        _ => false,
    };
    if false_of_it {
        push(
            out,
            Rule::Directive,
            clause[k],
            "an appointment or a slot said to get a new id from an act: an act returns the appointment under the id it had, and a slot keeps its one id".to_owned(),
        );
    }
}

/// Whether an act that keeps an appointment's id is said to cause the new id at `k`: "after /
/// when / once / on <act>" ("a new one after the doctor confirms it", "another id when the status
/// changes"), or "<act> gives … a new id" ("the escalation gives it a new id"). An act word that
/// is no cause ("the slot of a cancelled appointment", "a new id and status pending") is not.
fn act_gives_new(clause: &[&Tok], k: usize) -> bool {
    const CAUSES: &[&str] = &[
        "after",
        "when",
        "whenever",
        "once",
        "on",
        "upon",
        "following",
        "if",
        "by",
    ];
    const GIVES: &[&str] = &[
        "gives", "give", "assigns", "assign", "issues", "brings", "yields", "makes",
    ];
    clause.iter().enumerate().any(|(a, x)| {
        is_word(x, ACTS_ON_ONE)
            && (clause[a.saturating_sub(4)..a]
                .iter()
                .any(|c| is_word(c, CAUSES))
                || a < k && clause[a + 1..k].iter().any(|g| is_word(g, GIVES)))
    })
}

/// An id said to be given again or kept across time ("after the cancellation the same id is
/// given to the next booking", "the id of a cancelled appointment" as a booking's, "the same id
/// for the doctor's slot at that time every week", "a slot keeps its id from week to week"):
/// appointment ids only grow and each slot has an id of its own, so the agent takes a new
/// booking for an old one, or books last week's slot. "ids are not reused" denies it; the same
/// id through one appointment's acts ("it keeps this id", "the same id in every list") passes.
/// Read on the tools of the API's routes only.
pub(crate) fn id_said_reused(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if !crate::served::has_route(tool)
        || !clause.iter().any(|x| is_word(x, ID_WORDS))
        || clause
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "without"]))
    {
        return;
    }
    let hit = reused_at(clause)
        .or_else(|| kept_elsewhere_at(clause))
        .or_else(|| old_id_at(clause, tool));
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "an id said to be given again or kept across time: appointment ids only grow, and each slot has an id of its own".to_owned(),
        );
    }
}

/// An id said reused, or given again: "is reused", "may be given again".
fn reused_at(clause: &[&Tok]) -> Option<usize> {
    const REUSED: &[&str] = &[
        "reused", "reuse", "reuses", "recycled", "recycle", "recycles", "reissued", "reissue",
        "reissues",
    ];
    const GIVEN: &[&str] = &[
        "given", "gives", "give", "used", "uses", "assigned", "assigns", "issued", "issues",
        "handed",
    ];
    clause.iter().position(|x| is_word(x, REUSED)).or_else(|| {
        clause
            .iter()
            .position(|x| is_word(x, &["again"]))
            .filter(|&k| clause[..k].iter().any(|x| is_word(x, GIVEN)))
    })
}

/// The id itself said the same, kept or shared across records or times: "the same id … every
/// week", "shared by the doctor's slots … on other days", "keeps its id from week to week" (not
/// "the same answer as an unknown id"). An id kept is kept across times only: an appointment
/// moved to another slot keeps its id.
fn kept_elsewhere_at(clause: &[&Tok]) -> Option<usize> {
    const TIMES: &[&str] = &[
        "week",
        "weeks",
        "weekly",
        "day",
        "days",
        "daily",
        "month",
        "months",
        "monthly",
        "year",
        "years",
        "recurring",
    ];
    const RECORDS: &[&str] = &[
        "booking",
        "bookings",
        "appointment",
        "appointments",
        "patient",
        "patients",
        "slot",
        "slots",
    ];
    const OTHER: &[&str] = &["next", "another", "other", "later", "following"];
    // another time: "every week", "other days"
    let other_time = clause
        .iter()
        .enumerate()
        .any(|(k, x)| is_word(x, TIMES) || is_word(x, OTHER) && is_word_at(clause, k + 1, TIMES));
    // another record: "the next booking", "other slots", "a new patient"
    let other_record = clause.iter().enumerate().any(|(k, x)| {
        is_word(x, OTHER) && is_word_at(clause, k + 1, RECORDS)
            || is_word(x, &["new"])
                && is_word_at(clause, k + 1, &["booking", "bookings", "patient"])
    });
    // another booking or patient (not a slot: a moved appointment keeps its id in another slot)
    let other_holder = clause.iter().enumerate().any(|(k, x)| {
        is_word(x, OTHER)
            && is_word_at(clause, k + 1, RECORDS)
            && !is_word_at(clause, k + 1, &["slot", "slots"])
            || is_word(x, &["new"])
                && is_word_at(clause, k + 1, &["booking", "bookings", "patient"])
    });
    let of_the_id = |k: usize| {
        let next = clause[k + 1..]
            .iter()
            .position(|x| !is_word(x, DETERMINERS) && kind_of(x).is_none())
            .map(|j| k + 1 + j);
        next.is_some_and(|j| j <= k + 3 && is_word(clause[j], ID_WORDS))
    };
    (0..clause.len()).find(|&k| {
        let x = clause[k];
        is_word(x, &["same"]) && of_the_id(k) && (other_time || other_record)
            || is_word(x, &["keeps", "keep", "kept"])
                && of_the_id(k)
                && (other_time || other_holder)
            || is_word(x, &["shared", "shares"])
                && clause[k.saturating_sub(3)..k]
                    .iter()
                    .any(|x| is_word(x, ID_WORDS))
                && (other_time || other_record)
    })
}

/// A booking's id said to be another appointment's: "the id of a cancelled appointment".
fn old_id_at(clause: &[&Tok], tool: &str) -> Option<usize> {
    const OLD: &[&str] = &[
        "cancelled",
        "old",
        "previous",
        "earlier",
        "former",
        "freed",
        "deleted",
        "past",
        "released",
        "rejected",
    ];
    if !matches!(tool.split('_').next(), Some("book" | "create")) {
        return None;
    }
    clause
        .windows(5)
        .position(|w| {
            is_word(w[0], ID_WORDS)
                && is_word(w[1], &["of"])
                && is_word(w[2], DETERMINERS)
                && is_word(w[3], OLD)
                && is_word(w[4], &["appointment", "booking"])
        })
        .map(|k| k + 3)
}

/// Every id a text names, with its place and kind: "<kind> id" ("the slot id", "the slot's
/// id", "the slot number"), a name `<kind>_id`, or "id of <the kind>" ("the id of one of the
/// patient's appointments": appointment), read over the whole text.
fn ids_named(s: &[&Tok]) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for k in 0..s.len() {
        let t = s[k];
        if t.kind == Kind::Ident {
            if let Some(kind) = kind_of_name(&t.text) {
                found.push((k, kind));
            }
            continue;
        }
        if k >= 1
            && (is_word(t, &["id", "ids"])
                || is_word(t, &["number", "numbers"]) && !is_word_at(s, k + 1, &["of"]))
            && let Some(kind) = kind_of(s[k - 1])
        {
            found.push((k - 1, kind));
            continue;
        }
        if is_word(t, &["id", "ids"]) && is_word_at(s, k + 1, &["of"]) {
            let head = id_kinds(&s[k..], s.len() - k).first().copied();
            if let Some(kind) = head {
                found.push((k, kind));
            }
        }
    }
    found
}

/// Words that set an id apart from another ("not the slot id", "unlike the doctor id", "an
/// appointment id or a doctor id is invalid"): before it in its phrase, or said of it after.
const DENIED_BEFORE: &[&str] = &[
    "not",
    "never",
    "no",
    "nor",
    "neither",
    "without",
    "unlike",
    "instead",
    "rather",
    "except",
    "apart",
    "besides",
    "other",
    "different",
    "distinct",
    "separate",
    "unrelated",
    "none",
];
const DENIED_AFTER: &[&str] = &[
    "invalid",
    "wrong",
    "refused",
    "rejected",
    "error",
    "errors",
    "fails",
    "fail",
    "differs",
    "differ",
    "different",
    "distinct",
    "separate",
    "unrelated",
    "another",
    "other",
    "not",
    "never",
    "unknown",
];

/// Whether the id named at `k` is set apart from the one the text opens on: a denial, a contrast
/// or the record's own field ("its slot id", "holds … the slot id") before it in its phrase, or
/// its own clause, up to its next comma, saying it wrong or another.
fn id_set_apart(s: &[&Tok], k: usize) -> bool {
    let phrase_start = (0..k)
        .rev()
        .find(|&j| matches!(s[j].kind, Kind::Comma | Kind::Stop))
        .map_or(0, |j| j + 1);
    let clause_start = (0..k)
        .rev()
        .find(|&j| s[j].kind == Kind::Stop)
        .map_or(0, |j| j + 1);
    let clause_end = (k..s.len())
        .find(|&j| s[j].kind == Kind::Stop)
        .unwrap_or(s.len());
    // ("as in the slot id, not the appointment id": the denial after is of another)
    // (an id the record holds is its own field, no gloss: "The answer holds its status and its
    // slot id")
    let glossed = s[phrase_start..k].iter().any(|x| {
        is_word(
            x,
            &[
                "as", "like", "same", "equal", "means", "mean", "read", "called", "known",
            ],
        )
    });
    let before = s[phrase_start..k].iter().any(|x| {
        is_word(x, DENIED_BEFORE)
            || is_word(x, NEGATIONS)
            || !glossed
                && is_word(
                    x,
                    &[
                        "its", "their", "holds", "hold", "has", "have", "carries", "returns",
                    ],
                )
    }) || (phrase_start > clause_start
        && s[clause_start..phrase_start]
            .iter()
            .rev()
            .take(3)
            .any(|x| is_word(x, &["than", "from"])));
    // (said of it by its clause's verb, "a doctor id is invalid", "an appointment id or a doctor
    // id gives an error"; not a later id's denial: "as in the slot id and not the doctor id")
    let phrase_end = (k..clause_end)
        .find(|&j| s[j].kind == Kind::Comma)
        .unwrap_or(clause_end);
    let after = s[k + 1..phrase_end].iter().enumerate().any(|(i, x)| {
        is_word(x, DENIED_AFTER)
            && s[k + 1..k + 1 + i]
                .iter()
                .any(|y| is_word(y, COPULAS) || is_word(y, MODALS) || verb(&y.text).is_some())
    });
    before || after
}

/// Words that gloss a phrase as the one before it: "as in", "read as", "like", "i.e.", "that
/// is", "namely", "the same as", "equal to", "also known as", "which is", "or".
fn glosses_at(s: &[&Tok], k: usize) -> bool {
    // the words before the phrase's head, past its determiners and an owner ("as in the
    // patient's slot id")
    let mut j = k;
    while j >= 1
        && s[j - 1].kind == Kind::Word
        && (is_word(s[j - 1], DETERMINERS) || s[j - 1].possessive || is_word(s[j - 1], &["own"]))
    {
        j -= 1;
    }
    let Some(prev) = j.checked_sub(1).map(|i| s[i]) else {
        return false;
    };
    const MARKS: &[&str] = &[
        "as",
        "like",
        "namely",
        "is",
        "are",
        "equals",
        "means",
        "meaning",
        "aka",
        "alias",
        "or",
        "also",
        "ie",
        "viz",
        "matches",
        "matching",
        "resembles",
        "mirrors",
        "called",
        "named",
        "becomes",
    ];
    if is_word(prev, MARKS) {
        return true;
    }
    // "as in", "equal to", "the same number as", "identical to", "i.e."
    let before = |i: usize| i.checked_sub(1).map(|i| s[i]);
    if is_word(prev, &["in", "to", "with"]) {
        return before(j - 1).is_some_and(|b| {
            is_word(
                b,
                &[
                    "as",
                    "equal",
                    "equals",
                    "identical",
                    "equivalent",
                    "same",
                    "similar",
                    "corresponds",
                    "corresponding",
                    "matches",
                    "matching",
                    "one",
                ],
            )
        });
    }
    // "that is, the slot id", "i.e. the slot id"
    if matches!(prev.kind, Kind::Comma | Kind::Stop) {
        let b = before(j - 1);
        return b.is_some_and(|b| {
            is_word(b, &["is", "namely", "words", "ie", "e", "aka", "viz"])
                && (!is_word(b, &["is"]) || before(j - 2).is_some_and(|c| is_word(c, &["that"])))
        });
    }
    false
}

/// An id glossed as an id of another kind: the id a text opens on ("Id of a pending
/// appointment", "Slot id") said to be, to read as, or to be like an id of another kind ("as in
/// the slot id of the appointment", "read as the doctor id", "i.e. the clinic id"). On an
/// argument of a tool this server serves (`argument`), the closed world: the argument is the id
/// of the kind it opens on, one the tool takes, and any id of another kind the text names is
/// false of it unless the text sets the two apart ("not the slot id", "a doctor id is
/// invalid"). One number is the id of one record, and the agent that passes it as another
/// kind's acts on whatever record of that kind has the number: another patient's appointment,
/// an unrelated slot, another doctor.
pub(crate) fn id_glossed_as_another_kind(
    toks: &[Tok],
    tool: &str,
    argument: bool,
    out: &mut Vec<Violation>,
) {
    let s: Vec<&Tok> = toks.iter().collect();
    let named = ids_named(&s);
    if let Some(t) = glossed_after_another(&s, &named, tool) {
        push(
            out,
            Rule::Directive,
            t,
            "an id glossed as the id of another kind: one number is the id of one record of one kind".to_owned(),
        );
        return;
    }
    let Some(&(at, kind)) = named.first() else {
        return;
    };
    // (the text opens on the id: "Id of …", "The slot id", `slot_id`)
    let opens = s[..at].iter().all(|x| is_word(x, DETERMINERS));
    if !opens {
        return;
    }
    let closed = argument
        && crate::served::role_of(tool).is_some()
        && kinds_taken(tool).is_some_and(|k| k.contains(&kind));
    // (another argument of the tool is named as itself: "the slot_id argument names the new
    // slot"; glossed, it is read above)
    let taken = kinds_taken(tool).unwrap_or_default();
    for &(k, other) in &named[1..] {
        if other == kind || taken.contains(&other) || id_set_apart(&s, k) {
            continue;
        }
        if closed {
            push(
                out,
                Rule::Directive,
                s[k],
                format!(
                    "an id of {} {kind} glossed as the id of {} {other}: one number is the id of one record of one kind",
                    article(kind),
                    article(other)
                ),
            );
            return;
        }
    }
}

/// An id glossed as one of another kind than the id just before it, wherever the text says it:
/// "Its id is read as the slot id", "The appointment id, i.e. the doctor id". A bare "id" ("its
/// id", "the id") is of the one kind its tool takes.
fn glossed_after_another<'a>(
    s: &[&'a Tok],
    named: &[(usize, &'static str)],
    tool: &str,
) -> Option<&'a Tok> {
    let own = kinds_taken(tool).filter(|k| k.len() == 1).map(|k| k[0]);
    // every id before: a named one, or a bare "id" of the tool's own kind
    let part_of_named = |j: usize| named.iter().any(|&(n, _)| n == j || n + 1 == j);
    let kind_at = |j: usize| -> Option<&'static str> {
        if let Some(&(_, kind)) = named.iter().find(|&&(n, _)| n == j) {
            return Some(kind);
        }
        (is_word(s[j], &["id", "ids"]) && !part_of_named(j))
            .then_some(own)
            .flatten()
    };
    for &(k, other) in named {
        if !glosses_at(s, k) || id_set_apart(s, k) {
            continue;
        }
        let before = (k.saturating_sub(20)..k).rev().find_map(kind_at);
        if before.is_some_and(|kind| kind != other) {
            return Some(s[k]);
        }
    }
    None
}
