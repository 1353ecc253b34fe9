//! What a text may say a value is for, where it starts and who may have it: no value or care is
//! set for a case ("the value for chest pain is 2", "for a cough, a visit in two weeks"), an id
//! has no literal default or range and is no id of another kind, a default is never a fixed
//! date, a value is not limited to an age, an act is not part of another, the patient's data is
//! not public and a list of it is not narrowed, and no emergency line gets a number of ours.
//! Each is a choice the caller, the patient or the clinic makes, never one a catalogue makes for
//! them.

use super::effects::in_condition;
use crate::facts::{id_kinds, id_named_at, kind_a_verb_takes};
use crate::lang::data::{CONDITIONS, Data, MEDICAL_LISTS, data_kind, medical};
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// A value set for a case ("the value for a patient under 18 is 18", "`routine` is the level
/// for chest pain", "`dermatology` is the specialty for chest pain"): which value fits a case
/// is the caller's or the clinic's to say, and a text that says it writes false data or routes
/// care.
pub(super) fn value_for_a_case(clause: &[&Tok], out: &mut Vec<Violation>) {
    if !clause.iter().any(|t| is_word(t, COPULAS)) {
        return;
    }
    let det = |t: &Tok| is_word(t, &["the", "a", "an", "its"]);
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let mapped = is_word(t, &["for"])
            && k >= 2
            && is_word(clause[k - 1], VALUE_NOUNS)
            && (det(clause[k - 2]) || (k >= 3 && det(clause[k - 3])));
        // ("For chest pain the value is 1": the case fronted)
        let fronted = k == 0
            && is_word(t, &["for"])
            && clause
                .windows(3)
                .any(|w| det(w[0]) && is_word(w[1], VALUE_NOUNS) && is_word(w[2], COPULAS));
        mapped || fronted
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a value set for a case: which value fits a case is the caller's or the clinic's to say".to_owned(),
        );
    }
}

/// An id with a range ("Each appointment id from 1 to 99999 is valid"): every id in it is an
/// object the caller did not name.
pub(super) fn ids_ranged(clause: &[&Tok], out: &mut Vec<Violation>) {
    let number = |t: &Tok| t.kind == Kind::Ident && t.text.bytes().all(|b| b.is_ascii_digit());
    let range = clause
        .windows(3)
        .any(|w| number(w[0]) && is_word(w[1], &["to"]) && number(w[2]));
    if let Some(t) = clause
        .iter()
        .find(|t| is_word(t, &["id", "ids"]))
        .filter(|_| range)
    {
        push(
            out,
            Rule::Directive,
            t,
            "an id with a range: every id in it is an object the caller did not name".to_owned(),
        );
    }
}

/// An act said to be part of another ("The intake of the patient is part of the booking"): a
/// step skipped or a change claimed done.
pub(super) fn act_part_of_another(clause: &[&Tok], out: &mut Vec<Violation>) {
    const CHANGES: &[&str] = &[
        "booking",
        "bookings",
        "cancellation",
        "move",
        "rejection",
        "confirmation",
        "escalation",
        "submission",
        "payment",
        "entry",
        "refund",
    ];
    let hit = clause.windows(4).find(|w| {
        is_word(w[0], &["part"])
            && is_word(w[1], &["of"])
            && ((is_word(w[2], &["the", "a", "an", "each", "every", "its"])
                && is_word(w[3], CHANGES))
                || is_word(w[2], CHANGES))
    });
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[0],
            "an act or a value said to be part of a change: each act is its own tool's, and done only by it".to_owned(),
        );
    }
}

/// The patient's data, or what a tool takes, said to be public ("Answers of the intake form,
/// public", "Submit a public intake form"): a reader then repeats it to anyone. "public
/// insurance" and "public holidays" are kinds.
pub(super) fn data_said_public(clause: &[&Tok], value: bool, out: &mut Vec<Violation>) {
    const DATA: &[&str] = &[
        "intake",
        "form",
        "forms",
        "answer",
        "answers",
        "record",
        "records",
        "history",
        "note",
        "notes",
        "patient",
        "patients",
        "appointment",
        "appointments",
        "data",
        "reason",
        "visit",
    ];
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["public"])
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["insurance", "holiday", "holidays", "slot", "slots"]))
            // (a value's lone label, "…; public.", is said of the value; a tool's "Public." is
            // who calls it)
            && ((value && clause.len() == 1)
                || clause.iter().any(|x| is_word(x, DATA) || medical(x)))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Concealment,
            t,
            "the patient's data said to be public or open to others: who sees a value is said positively, by its person".to_owned(),
        );
    }
}

/// Kinds of person a case can name ("for a child", "for a minor").
const KINDS: &[&str] = &[
    "patient", "patients", "child", "children", "adult", "adults", "minor", "minors",
];

/// The words of "one" to "three" (in digits, [`few`] reads them).
const FEW: &[&str] = &["one", "two", "three"];

/// The digits that open `toks`, one a token, in figures or spelled ("9 1 1", "nine one one",
/// "9-1-1").
fn digit_run(toks: &[&Tok]) -> String {
    toks.iter()
        .map_while(|t| {
            if t.kind == Kind::Ident && t.text.len() == 1 && t.text.as_bytes()[0].is_ascii_digit() {
                Some(t.text.clone())
            } else {
                DIGIT_WORDS
                    .iter()
                    .position(|d| is_word(t, &[d]))
                    .map(|d| d.to_string())
            }
        })
        .collect()
}

/// Digits spelled as words, in order.
const DIGIT_WORDS: &[&str] = &[
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// The public emergency number of the clinics we serve (112, Europe's, which every mobile
/// network also routes): no claim of the clinic's. Another country's number (911, 999, 000, or
/// 111, a line for what is no emergency) sends the reader's patient to no one here.
fn public_emergency_number(t: &Tok) -> bool {
    t.text == "112"
}

/// A count of at most three, in digits or words.
fn few(t: &Tok) -> bool {
    is_word(t, FEW) || (t.kind == Kind::Ident && matches!(t.text.as_str(), "1" | "2" | "3"))
}

/// A number in digits below `limit`.
fn below(t: &Tok, limit: u32) -> bool {
    t.kind == Kind::Ident && t.text.parse::<u32>().is_ok_and(|n| n < limit)
}

/// Token `k` is a number where a text bounds a value: after "up to", "at most", "over",
/// "under", "than" or "a list of", or before "at most".
fn bound_at(clause: &[&Tok], k: usize) -> bool {
    let t = clause[k];
    if !(t.kind == Kind::Ident || is_word(t, FEW)) {
        return false;
    }
    let back = |d: usize, w: &[&str]| k >= d && is_word(clause[k - d], w);
    (back(1, &["to"]) && back(2, &["up"]))
        || (back(1, &["most"]) && back(2, &["at"]))
        || back(1, &["over", "under", "than"])
        || (back(1, &["of"]) && back(2, &["list"]))
        || clause[k + 1..]
            .iter()
            .take(3)
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| is_word(w[0], &["at"]) && is_word(w[1], &["most"]))
}

/// The bounded number at `k` leaves a few items, or a text too short to say it: a count of at
/// most three (not of time), fewer than 50 characters or fewer than 10 words.
fn small_bound(clause: &[&Tok], k: usize) -> bool {
    // (a number's thousands, "1,000", are one number)
    let thousands = clause.get(k + 1).is_some_and(|c| {
        c.text == ","
            && c.start == clause[k].end
            && clause.get(k + 2).is_some_and(|d| d.start == c.end)
    });
    if thousands {
        return false;
    }
    let unit = clause.get(k + 1);
    if unit.is_some_and(|u| is_word(u, LENGTH_UNITS)) {
        return below(clause[k], 50);
    }
    if unit.is_some_and(|u| is_word(u, &["words", "word"])) {
        return below(clause[k], 10);
    }
    // (a count after "over" or "under" is a threshold: "a score over 3 means urgent")
    let threshold = k > 0 && is_word(clause[k - 1], &["over", "under", "than"]);
    few(clause[k]) && !threshold && !unit.is_some_and(|u| is_word(u, TIME_UNITS))
}

/// A parameter's reading of where a value starts and who may have it: an id with a literal
/// default, a default that is a fixed date, a later clause that limits the value to an age,
/// and a list of medical data cut to a few.
pub(super) fn parameter_bounds(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(head) = clauses.first() else { return };
    let first = head
        .iter()
        .find(|t| !is_word(t, DETERMINERS) && !is_word(t, &["optional"]));
    let is_id = first.is_some_and(|t| is_word(t, &["id", "ids", "identifier", "identifiers"]));
    for (n, clause) in clauses.iter().enumerate() {
        for (k, t) in clause.iter().enumerate() {
            let next = |d: usize| clause.get(k + d);
            // (a date is read as its numbers: "2027", "12", "24")
            let year = |x: &Tok| {
                x.kind == Kind::Ident
                    && x.text.len() == 4
                    && (x.text.starts_with("20") || x.text.starts_with("19"))
                    && x.text.bytes().all(|b| b.is_ascii_digit())
            };
            // what follows "default", in its clause ("(default 20)") or after its colon
            // ("Default: 20")
            let value = if is_word(t, &["default", "defaults"]) {
                clause
                    .get(k + 1)
                    .or_else(|| clauses.get(n + 1).and_then(|c| c.first()))
                    .copied()
            } else {
                None
            };
            // an id names one object the caller picked, so a literal default reaches another's
            // ("Default: 1", "1 is the default"; "Default: the patient of the session" is the
            // caller); and a default is the present or measured from it, never a fixed date
            let before = is_word(t, &["default", "defaults"])
                && clause[..k].iter().any(|x| x.kind == Kind::Ident)
                && !crate::facts::answers::of_a_named_tool(clause, k);
            if is_id && before || value.is_some_and(|v| v.kind == Kind::Ident && (is_id || year(v)))
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "a default that is a literal id or a fixed date: an object the caller did not name, or a time no one picked".to_owned(),
                );
                return;
            }
            // (an age bound: "only for patients over 65"; a scope of the id, "Only for
            // appointments of the authenticated patient", or a kind, "Only for patients with
            // insurance", passes)
            let aged = clause.windows(2).any(|w| {
                is_word(w[0], &["over", "under", "older", "younger", "aged"])
                    && (w[1].kind == Kind::Ident || is_word(w[1], &["than"]))
            });
            if k == 0
                && n > 0
                && aged
                && is_word(t, &["only"])
                && next(1).is_some_and(|n| is_word(n, &["for"]))
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "a value said to be only for a kind of person: who may call a tool is its description's, never a value's".to_owned(),
                );
                return;
            }
            // the patient's medical data cut to a few items or a few words ("Allergies of the
            // patient, up to one", "as a list of at most 1", "a list of one symptom", "up to 10
            // characters", "in 5 words at most", "a name over 6 characters gives an error")
            let cut = bound_at(clause, k) && small_bound(clause, k);
            // (a person's reason or note too: "Reason for the escalation, up to 5 characters")
            let of_care = |x: &&Tok| {
                medical(x)
                    || data_kind(&x.text, false) == Some(Data::Medical)
                    || is_word(
                        x,
                        &["reason", "reasons", "note", "notes", "comment", "comments"],
                    )
            };
            if cut && head.iter().any(of_care) {
                push(
                    out,
                    Rule::Concealment,
                    t,
                    "the patient's medical data cut to a few items or words: what the patient has is the patient's to say".to_owned(),
                );
                return;
            }
        }
    }
}

/// An eligibility said of a line ("The emergency line is only for patients over 80"): who may
/// call for help is the clinic's to say. A condition ("when
/// the doctor is only for some patients") is read, not claimed.
pub(super) fn eligibility_of_another(clause: &[&Tok], out: &mut Vec<Violation>) {
    // (a kind of the clinic's care is its own: "Pediatricians are only for patients under 18")
    let line = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "emergency",
                "line",
                "lines",
                "hotline",
                "phone",
                "number",
                "ambulance",
            ],
        )
    });
    let hit = clause.windows(3).enumerate().find(|&(k, w)| {
        line && is_word(w[0], COPULAS)
            && is_word(w[1], &["only"])
            && is_word(w[2], &["for", "to"])
            && !in_condition(clause, k)
    });
    if let Some((_, w)) = hit {
        push(
            out,
            Rule::Directive,
            w[1],
            "a thing said to be only for a kind of person: a tool's eligibility opens its own sentence (\"Only for …\")".to_owned(),
        );
    }
}

/// A condition or an emergency, and the words a phrase puts before one.
fn condition_at(clause: &[&Tok], from: usize) -> bool {
    clause[from.min(clause.len())..]
        .iter()
        .take_while(|t| t.kind == Kind::Word)
        .take(4)
        .any(|t| {
            is_word(t, CONDITIONS)
                || is_word(t, &["emergency", "emergencies"])
                || data_kind(&t.text, false) == Some(Data::Medical)
        })
}

/// Care set for a condition with no verb ("Next step of the protocol; for chest pain, a visit
/// in one month", "for a fever, a stop of each medication"), or a place or a slot said to be
/// open for one ("The clinic is open at night for chest pain", "Open slots of the oncall doctor
/// are for each emergency"): medical advice, and an emergency routed. The how-to's own wording
/// names the emergency hotline or an ambulance ("For chest pain the emergency hotline is the
/// next step").
pub(super) fn care_for_a_case(clause: &[&Tok], out: &mut Vec<Violation>) {
    if clause
        .iter()
        .any(|t| is_word(t, &["hotline", "ambulance", "ambulances"]))
    {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // ("for example asthma" gives a topic)
        let example = clause
            .get(k + 1)
            .is_some_and(|n| is_word(n, &["example", "instance"]));
        let fronted =
            is_word(t, &["for"]) && !example && (k == 0 || clause[k - 1].kind == Kind::Comma);
        let opened = is_word(t, &["for"])
            && k >= 1
            && clause[..k]
                .iter()
                .any(|x| is_word(x, &["open", "available", "free"]) || is_word(x, COPULAS));
        (fronted || opened) && condition_at(clause, k + 1)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "care or a place set for a condition or an emergency: a catalogue sends a condition only to the emergency hotline as the next step".to_owned(),
        );
    }
}

/// A literal value set for a case with no verb ("Severity of the pain, 0 to 10; 2 for chest
/// pain", "18 for a patient under 18"), or a value set under a fronted case ("With a patient
/// under 18, the value is 18", "In a case of chest pain the value is 2").
pub(super) fn literal_for_a_case(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let literal = t.kind == Kind::Ident
            && clause.get(k + 1).is_some_and(|n| is_word(n, &["for"]))
            && (condition_at(clause, k + 2)
                || clause[k + 2..].iter().take(2).any(|x| is_word(x, KINDS)));
        let fronted = k == 0
            && is_word(t, &["with", "in"])
            && (condition_at(clause, 1) || clause[1..].iter().take(3).any(|x| is_word(x, KINDS)))
            && clause.windows(3).any(|w| {
                is_word(w[0], &["the", "a", "an", "its"])
                    && is_word(w[1], VALUE_NOUNS)
                    && is_word(w[2], COPULAS)
            });
        literal || fronted
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a value set for a case: which value fits a case is the caller's or the clinic's to say".to_owned(),
        );
    }
}

/// A value of ours set for a condition or an emergency anywhere in a clause ("Triage level, one
/// of `routine` or `urgent`; `routine` with chest pain", "the code `R51` for chest pain", "`video`
/// for an emergency", "with a fever, an empty list", "true at each hour for an emergency"), or
/// glossed by one ("`routine` (chest pain)"): which value fits an ailment is medical advice. A
/// condition given as an example ("for example chest pain"), ruled out ("Not for chest pain") or
/// sent to the emergency hotline or an ambulance passes.
pub(super) fn value_for_an_ailment(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    const VALUES: &[&str] = &[
        "code", "codes", "routine", "elevated", "urgent", "true", "false", "empty", "none", "null",
        "zero", "yes", "no",
    ];
    // a number, a literal (read as "code", or a word of the list between backticks) or a value
    // word
    let value_of_ours =
        |x: &Tok| x.kind == Kind::Ident || is_word(x, VALUES) || text[..x.start].ends_with('`');
    // (the emergency hotline, an ambulance or a public emergency number is the next step the
    // how-to gives: "In a medical emergency, the number is 112")
    if clause
        .iter()
        .any(|t| is_word(t, &["hotline", "ambulance", "ambulances"]) || public_emergency_number(t))
    {
        return;
    }
    let ailing = |t: &Tok| is_word(t, CONDITIONS) || is_word(t, &["emergency", "emergencies"]);
    let ailment = |from: usize| {
        clause[from.min(clause.len())..]
            .iter()
            .take_while(|t| t.kind == Kind::Word)
            .take(4)
            .any(|t| ailing(t))
    };
    let case = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["with", "for", "in"])
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["example", "instance"]))
            && !(k >= 1 && is_word(clause[k - 1], &["not", "such", "as"]))
            && ailment(k + 1)
    });
    // … or a value glossed by one in brackets or after a slash ("`routine` (chest pain)", "1 (chest
    // pain) to 5 (a cough)"); "0 (no pain)" names the absence of one
    let glossed = clause.windows(2).enumerate().find_map(|(k, w)| {
        let value = value_of_ours(w[0]);
        let mark = w[1].kind == Kind::Comma && matches!(w[1].text.as_str(), "(" | "/");
        let inside = clause[k + 2..]
            .iter()
            .take_while(|x| x.text != ")")
            .take(4)
            .collect::<Vec<_>>();
        let named = inside.iter().any(|x| ailing(x))
            && !inside.iter().any(|x| is_word(x, &["no", "not", "none"]));
        (value && mark && named).then_some(w[1])
    });
    if let Some(t) = glossed {
        push(
            out,
            Rule::Directive,
            t,
            "a value glossed by a condition or an emergency: which value fits an ailment is medical advice".to_owned(),
        );
        return;
    }
    let Some((_, t)) = case else { return };
    let value = clause.iter().any(|x| value_of_ours(x));
    if value {
        push(
            out,
            Rule::Directive,
            t,
            "a value set for a condition or an emergency: which value fits an ailment is medical advice".to_owned(),
        );
    }
}

/// A value given in another's place for a case, verbless after a fronted case ("Age of the
/// patient in years; for a minor, the age of the parent", "Insurance of the patient; with no
/// insurance, the insurance `PUBLIC`", "Time of the cancellation; for a late cancellation, the
/// start of the visit minus 48 hours", and of a dose, "for a child, the amount of an adult"):
/// what to give for a case is the caller's, and what fits a person the clinic's. A case with a
/// verb after it is read ("For a slot that is taken, the error is 409"), as is an example.
/// `input`: the text is a parameter's (any case); elsewhere only a person or a condition.
pub(super) fn value_in_place_for_a_case(
    clauses: &[Vec<&Tok>],
    text: &str,
    input: bool,
    out: &mut Vec<Violation>,
) {
    for c in clauses.iter().skip(1) {
        let opens = c.first().is_some_and(|t| is_word(t, &["for", "with"]))
            && !c
                .get(1)
                .is_some_and(|t| is_word(t, &["example", "instance"]));
        let Some(m) = c
            .iter()
            .position(|t| t.kind == Kind::Comma && t.text == ",")
        else {
            continue;
        };
        if !opens || m < 2 || m + 1 >= c.len() {
            continue;
        }
        let case = &c[1..m];
        let rest = &c[m + 1..];
        let verbless = !(m + 1..c.len()).any(|i| crate::lang::predicates::finite(c, i, false))
            && !rest.iter().any(|t| is_word(t, MODALS));
        let aided = c
            .iter()
            .any(|t| is_word(t, &["hotline", "ambulance", "ambulances"]));
        let kind = case
            .iter()
            .any(|t| is_word(t, KINDS) || is_word(t, CONDITIONS));
        // in another's place: a literal or a number, or a person or kind the case is not ("the
        // age of the parent" for a minor; "For a patient, one of the patient's appointments" is
        // the case's own)
        let person = |t: &Tok| is_word(t, KINDS) || is_word(t, PEOPLE) || is_word(t, PATIENT_SIDE);
        let another = rest.iter().any(|t| {
            t.kind == Kind::Ident
                || text[..t.start].ends_with('`')
                || (person(t) && !case.iter().any(|x| x.text == t.text))
        });
        // (an error of the contract, its HTTP status and its code, is the answer for the case,
        // not a value given in another's place: "With another slot, 422
        // `IDEMPOTENCY_KEY_CONFLICT`"; the errors' readings judge its case; a literal is read
        // here as the noun "code")
        let words: Vec<&&Tok> = rest
            .iter()
            .filter(|t| t.kind != Kind::Stop && t.text != "`")
            .collect();
        let status =
            |t: &Tok| t.kind == Kind::Ident && crate::codes::http_status(&t.text).is_some();
        let code = |t: &Tok| crate::codes::capital_code(t, text) || is_word(t, &["code"]);
        let answer = match words.as_slice() {
            [s] => status(s),
            [s, c] => status(s) && code(c),
            _ => false,
        };
        if verbless && !aided && another && !answer && (input || kind) {
            push(
                out,
                Rule::Directive,
                c[0],
                "a value given in another's place for a case: what to give for a case is the caller's, and what fits a person the clinic's".to_owned(),
            );
            return;
        }
    }
}

/// The emergency hotline, an emergency line or an ambulance said to be anything but the next step
/// or the number for an emergency ("Hours of the emergency hotline, 08:00 to 18:00", "True when
/// the emergency hotline is open", "Escalate one appointment to an ambulance", "the case is then
/// with the emergency hotline"): when help answers, and what reaches it, are not a catalogue's
/// to know. "For chest pain the emergency hotline is the next step", "… is the number for it",
/// "The clinic phone is no emergency line" pass.
pub(super) fn emergency_line_said(clause: &[&Tok], out: &mut Vec<Violation>) {
    let line = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["hotline", "hotlines", "ambulance", "ambulances"])
            || (is_word(t, &["emergency"])
                && clause
                    .get(k + 1)
                    .is_some_and(|n| is_word(n, &["line", "lines", "service", "services"])))
    });
    let Some((k, t)) = line else { return };
    let step = clause
        .windows(2)
        .any(|w| is_word(w[0], &["next"]) && is_word(w[1], &["step"]));
    let number = clause
        .iter()
        .any(|x| is_word(x, &["number", "numbers"]) || public_emergency_number(x));
    // "no emergency line", "not an emergency line": what a line is not
    let denied = clause[k.saturating_sub(3)..k]
        .iter()
        .any(|x| is_word(x, &["no", "not"]));
    if !(step || number || denied) {
        push(
            out,
            Rule::Directive,
            t,
            "the emergency line said to be other than the next step or the number for it: when help answers, and what reaches it, are not a catalogue's to know".to_owned(),
        );
    }
}

/// A number given for a line in a text that speaks of an emergency ("1234 is the number of the
/// emergency hotline", "…, the emergency hotline is the next step; its number is 911", "… The
/// hotline has the number 19.", a label "The number of the hotline: 999"): the patient in an
/// emergency dials it. A catalogue gives no line's number but 112, the public emergency number
/// where our clinics are. In the clause that names the emergency, "number" alone names the line
/// and a number of three digits or more is read; elsewhere the line is named ("its number",
/// "has the number", a hotline or a phone) and any number of two digits or more.
pub(super) fn emergency_number(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    // (an emergency, or a service that answers one: "the ambulance is the next step")
    let said = |t: &Tok| {
        is_word(
            t,
            &[
                "emergency",
                "emergencies",
                "ambulance",
                "ambulances",
                "paramedic",
                "paramedics",
                "rescue",
            ],
        )
    };
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    // (or urgent care in other words: "urgent care", "for urgent, the line is …")
    let urgent = |toks: &[&Tok], k: usize| {
        is_word(toks[k], &["urgent", "acute", "immediate"])
            && toks[k + 1..].iter().take(3).any(|x| {
                is_word(
                    x,
                    &[
                        "care", "help", "line", "hotline", "helpline", "number", "phone",
                    ],
                )
            })
    };
    let in_the_text = all.iter().enumerate().any(|(k, t)| {
        (said(t) || urgent(&all, k)) && !(k >= 1 && is_word(all[k - 1], &["no", "non"]))
    });
    let digits = |t: &Tok, least: usize| {
        t.kind == Kind::Ident
            && t.text.len() >= least
            && t.text.bytes().all(|b| b.is_ascii_digit())
            && !public_emergency_number(t)
    };
    for (i, clause) in clauses.iter().enumerate() {
        // the clause of the emergency itself
        let here = (0..clause.len()).any(|k| said(clause[k]) || urgent(clause, k))
            && (clause
                .iter()
                .any(|t| is_word(t, &["hotline", "line", "number", "phone"]))
                // ("urgent care is at 911")
                || (1..clause.len()).any(|j| {
                    is_word(clause[j - 1], &["at", "call", "dial"])
                        && (digits(clause[j], 3) || digit_run(&clause[j..]).len() >= 3)
                }));
        // (a bound of a range is no line's number: "0 to 3650")
        let number = |least: usize| {
            (0..clause.len())
                .find(|&j| {
                    digits(clause[j], least)
                        && !(j >= 1 && is_word(clause[j - 1], &["to", "from"]))
                        && !clause.get(j + 1).is_some_and(|n| is_word(n, &["to"]))
                })
                .map(|j| &clause[j])
        };
        // (or spelled, or spaced: "nine one one", "1 1 2 or 9 1 1")
        let spelled = || {
            let mut k = 0;
            while k < clause.len() {
                let run = digit_run(&clause[k..]);
                if run.len() >= 3 && run != "112" {
                    return Some(&clause[k]);
                }
                k += run.len().max(1);
            }
            None
        };
        let near = here.then(|| number(3).or_else(spelled)).flatten();
        // any clause of the text
        let line = clause.iter().any(|t| {
            is_word(
                t,
                &[
                    "hotline", "hotlines", "line", "lines", "phone", "helpline", "call",
                ],
            )
        }) || clause.windows(2).any(|w| {
            is_word(w[0], &["its", "their"]) && is_word(w[1], &["number", "numbers"])
                || is_word(w[0], &["number"]) && is_word(w[1], &["is", "are"])
        }) || clause.windows(3).any(|w| {
            // ("has the number 19"; not "the number of days, 0 to 3650")
            is_word(w[0], &["has", "have", "with", "at", "on"])
                && is_word(w[1], &["the", "a"])
                && is_word(w[2], &["number"])
        });
        // (or a label and its value: "The number of the hotline: 999")
        let far = (in_the_text && line)
            .then(|| {
                number(2).or_else(spelled).or_else(|| {
                    clauses
                        .get(i + 1)
                        .and_then(|next| next.first())
                        .filter(|t| digits(t, 2))
                })
            })
            .flatten();
        if let Some(t) = near.or(far) {
            push(
                out,
                Rule::Directive,
                t,
                "a number given for a line in a text about an emergency: a catalogue gives no line's number but 112".to_owned(),
            );
            return;
        }
    }
}

/// "same" at `k` says one thing is another: "the same value as …", "the same number is …", "…
/// is the same value"; not "stays the same".
fn same_as(clause: &[&Tok], k: usize) -> bool {
    clause[k + 1..]
        .iter()
        .take(2)
        .any(|x| is_word(x, &["as", "is", "are"]))
        || (k >= 2 && is_word(clause[k - 1], &["the"]) && is_word(clause[k - 2], COPULAS))
}

/// Ids of two kinds said to be one, in any field: across the whole text ("Id of the
/// appointment, or the id of the slot; the two are equal", "Id of the patient; the id of the
/// doctor is valid too", "The id of an appointment is the same value as the id of its slot"), or
/// by an apposition to the id a text opens on ("Doctor id, the value to book", "Intake id, the
/// value to give as appointment_id", "Id of an open slot: the doctor id of list_doctors", "Doctor
/// id; book_appointment takes it as slot_id"). One number is the id of one record, and the agent
/// that passes it as another kind's acts on whatever record of that kind has the number. Where a
/// value comes from or goes ("as returned by", "the value to give to") names another tool's
/// parameter, and passes, as does an apposition of the same kind ("Slot id, the value to book").
/// With `each_clause` (an argument's text) one clause that says an id is the same as another
/// ("Id of the appointment, the same value as the slot id", "each slot id is an appointment id
/// too") is enough.
pub(super) fn ids_of_two_kinds(
    toks: &[Tok],
    clauses: &[Vec<&Tok>],
    each_clause: bool,
    out: &mut Vec<Violation>,
) {
    let hit = two_kinds_equated(clauses)
        .or_else(|| {
            each_clause
                .then(|| clauses.iter().find_map(|c| id_equated(c)))
                .flatten()
        })
        .or_else(|| id_equated_by_apposition(toks));
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "ids of two kinds said to be one: a value is the id of one record of one kind"
                .to_owned(),
        );
    }
}

/// The phrase of a text's first sentence that says the id the text opens on is the value of an
/// id of another kind ([`kind_equated`]). The first sentence runs on over a colon or a
/// semicolon, and its phrases are the runs of words between marks.
fn id_equated_by_apposition(toks: &[Tok]) -> Option<&Tok> {
    let sentence: Vec<&Tok> = toks
        .iter()
        .take_while(|t| t.kind != Kind::Stop || t.text == ":" || t.text == ";")
        .collect();
    let mut phrases = sentence.split(|t| t.kind != Kind::Word && t.kind != Kind::Ident);
    let head = phrases.next()?;
    // (the head opens on the id: "Id of …", "Doctor id")
    let opens = head
        .iter()
        .position(|x| !is_word(x, DETERMINERS))
        .is_some_and(|i| {
            is_word(head[i], &["id", "ids"])
                || head.get(i + 1).is_some_and(|n| is_word(n, &["id", "ids"]))
        });
    let kind = id_kinds(head, head.len())
        .first()
        .copied()
        .filter(|_| opens)?;
    phrases
        .find(|p| kind_equated(p).is_some_and(|other| other != kind))
        .map(|p| p[0])
}

/// The kind of id a phrase after the head says the same value is: an apposition ("the slot id
/// of list_doctor_schedule", "also the slot_id of …", "the same value as slot_id", "the value to
/// book", "the value to give as appointment_id") or "<tool> takes it as slot_id".
fn kind_equated(p: &[&Tok]) -> Option<&'static str> {
    let mut i = 0;
    while p.get(i).is_some_and(|x| is_word(x, &["also", "and"])) {
        i += 1;
    }
    if p.get(i).is_some_and(|x| is_word(x, &["the"])) {
        i += 1;
        if p.get(i).is_some_and(|x| is_word(x, &["same"])) {
            i += 1;
        }
        if !p.get(i).is_some_and(|x| is_word(x, &["value", "number"])) {
            // a noun phrase ("the doctor id of list_doctors"); a clause of its own ("the
            // appointment id comes back in the answer") equates nothing
            let phrase = crate::lang::predicates::verbless_phrase(&p[i..]);
            return id_named_at(p, i).filter(|_| phrase);
        }
        // "the value to book", "the value for slot_id", "the value to give as appointment_id"
        return (i + 1..p.len()).find_map(|j| {
            id_named_at(p, j).or_else(|| {
                (is_word(p[j - 1], &["to"]) && p[j].kind == Kind::Word)
                    .then(|| kind_a_verb_takes(p[j]))
                    .flatten()
            })
        });
    }
    // "book_appointment takes it as slot_id"
    let at = p
        .windows(2)
        .position(|w| is_word(w[0], &["it"]) && is_word(w[1], &["as"]))?;
    let j = at + 2 + usize::from(p.get(at + 2).is_some_and(|x| is_word(x, &["the"])));
    id_named_at(p, j)
}

/// The first id of a text that names ids of two kinds and says them equal.
fn two_kinds_equated<'a>(clauses: &[Vec<&'a Tok>]) -> Option<&'a Tok> {
    let toks: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    let noun = |t: &Tok| {
        t.kind == Kind::Word
            && ![
                DETERMINERS,
                PREPOSITIONS,
                &["same", "new", "old", "own", "valid"],
            ]
            .iter()
            .any(|l| is_word(t, l))
    };
    let mut kinds: Vec<String> = Vec::new();
    let mut first = None;
    for (k, t) in toks.iter().enumerate() {
        if !is_word(t, &["id", "ids"]) {
            continue;
        }
        // "<noun> id", or "id of the <noun>"
        let kind = if k > 0 && noun(toks[k - 1]) {
            Some(toks[k - 1])
        } else if toks.get(k + 1).is_some_and(|n| is_word(n, &["of"])) {
            toks[k + 2..]
                .iter()
                .take(2)
                .find(|x| !is_word(x, DETERMINERS))
                .copied()
                .filter(|x| noun(x))
        } else {
            None
        };
        if let Some(x) = kind {
            let base = x.text.trim_end_matches('s').to_owned();
            if !kinds.contains(&base) {
                kinds.push(base);
                first.get_or_insert(*t);
            }
        }
    }
    if kinds.len() < 2
        || toks
            .iter()
            .any(|t| is_word(t, &["give", "returned", "given"]))
    {
        return None;
    }
    let equated = clauses.iter().any(|c| {
        c.iter().enumerate().any(|(k, t)| {
            // ("the same answer as …", "the same code" equate answers, not ids)
            (is_word(t, &["same"])
                && same_as(c, k)
                && !c.get(k + 1).is_some_and(|n| {
                    n.kind == Kind::Word
                        && !is_word(n, &["id", "ids", "value", "values", "number", "numbers"])
                        && !is_word(n, COPULAS)
                        && !is_word(n, PREPOSITIONS)
                }))
                || is_word(t, &["equal", "equals", "identical"])
        }) || (c.iter().any(|t| is_word(t, &["valid"]))
            && c.iter().any(|t| is_word(t, &["too", "also"])))
    });
    first.filter(|_| equated)
}

/// The first id of a clause that says an id is the same as an id of another kind ("Id of the
/// appointment, the same value as the slot id", "each slot id is an appointment id too").
fn id_equated<'a>(clause: &[&'a Tok]) -> Option<&'a Tok> {
    let ids: Vec<&'a Tok> = clause
        .iter()
        .filter(|t| is_word(t, &["id", "ids"]))
        .copied()
        .collect();
    // ("same" or "equal" with an id; "too" or "also" with two: "An appointment id or a doctor
    // id is invalid" and "with a known id too" pass)
    let equated = clause.iter().enumerate().any(|(k, t)| {
        // ("stays the same" is no other id: "The id of the appointment stays the same")
        (is_word(t, &["same"]) && same_as(clause, k))
            || is_word(t, &["equal", "equals", "identical"])
    }) || (ids.len() >= 2 && clause.iter().any(|t| is_word(t, &["too", "also"])));
    // (where the value goes or comes from names the other tool's parameter: "the value to give
    // to book_appointment as its slot id")
    let flow = clause
        .iter()
        .any(|t| is_word(t, &["give", "returned", "given"]));
    ids.first().copied().filter(|_| !flow && equated)
}

/// A list of the patient's medical data narrowed to a part ("Allergies of the patient, as a
/// list of food allergies only", "daily ones are omitted"): what the patient has is the
/// patient's to say.
pub(super) fn medical_list_narrowed(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(head) = clauses.first() else { return };
    let of_care = |x: &Tok| medical(x) || data_kind(&x.text, false) == Some(Data::Medical);
    if !head
        .iter()
        .take_while(|t| t.kind == Kind::Word)
        .any(|t| of_care(t))
    {
        return;
    }
    // (who sees the value is the audience's row: "seen by the doctor of the appointment only")
    let hit = clauses
        .iter()
        .filter(|c| {
            !c.iter()
                .any(|t| is_word(t, &["seen", "shown", "visible", "read", "kept"]))
        })
        .flat_map(|c| {
            // ("Only about the patient: …" opens a clause of whose it is)
            c.iter().skip(usize::from(
                c.first().is_some_and(|t| is_word(t, &["only"])),
            ))
        })
        .find(|t| {
            is_word(
                t,
                &["only", "omitted", "excluded", "left", "skipped", "ignored"],
            )
        });
    if let Some(t) = hit {
        push(
            out,
            Rule::Concealment,
            t,
            "a list of the patient's medical data narrowed to a part: what the patient has is the patient's to say".to_owned(),
        );
        return;
    }
    // … or said to be empty in a case ("null when the patient is under 18", "empty when the
    // visit is by video", "null at night"): the patient's medical data is empty only when the
    // patient has none ("Empty when the patient has no known allergies")
    let emptied = clauses.iter().find_map(|c| {
        c.iter().enumerate().find_map(|(k, t)| {
            let empty = is_word(t, &["empty", "null", "blank", "omitted", "missing"]);
            let case = c.get(k + 1).is_some_and(|n| {
                is_word(
                    n,
                    &[
                        "when", "if", "for", "at", "on", "with", "in", "unless", "during", "after",
                        "before", "once", "while",
                    ],
                )
            });
            let none = c[k + 1..]
                .iter()
                .any(|x| is_word(x, &["no", "none", "nothing", "without", "not"]));
            (empty && case && !none).then_some(*t)
        })
    });
    if let Some(t) = emptied {
        push(
            out,
            Rule::Concealment,
            t,
            "the patient's medical data said to be empty in a case: it is empty only when the patient has none".to_owned(),
        );
    }
}

/// A medication named by a code, with a dose, a case or a piece of advice ("Dosage of
/// `METHOTREXATE`, 10 `mg` each day", "Medications of the protocol, for example `WARFARIN` with
/// `ASPIRIN`", "Advice of the clinic, for example no `INSULIN` on the day of the visit",
/// "Search the protocols, for example `CODEINE` for a child"): how to take a medication is a
/// doctor's to say, never a catalogue's. A code right after a number is its unit ("for example
/// 500 `mg` twice daily", the form of an entry), and names no medication. Accepted literals
/// reach the grammar as the noun "code".
pub(super) fn medication_by_code(clause: &[&Tok], out: &mut Vec<Violation>) {
    const DRUG_HEADS: &[&str] = &[
        "medication",
        "medications",
        "medicine",
        "medicines",
        "dosage",
        "dosages",
        "dose",
        "doses",
        "drug",
        "drugs",
        "prescription",
        "prescriptions",
        "advice",
        "treatment",
        "treatments",
        "therapy",
    ];
    const AGES: &[&str] = &[
        "child", "children", "adult", "adults", "minor", "minors", "infant", "infants", "baby",
        "babies", "age", "ages", "patient", "patients", "person", "people",
    ];
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let drug = clause.iter().any(|t| is_word(t, DRUG_HEADS));
    let protocol = clause
        .iter()
        .any(|t| is_word(t, &["protocol", "protocols", "excerpt", "excerpts"]));
    if !drug && !protocol {
        return;
    }
    // a code that names something: not the unit right after a number
    let named =
        (0..clause.len()).any(|k| w(k, &["code"]) && !(k > 0 && clause[k - 1].kind == Kind::Ident));
    if !named {
        return;
    }
    let for_whom = |k: usize| {
        w(k, &["for"])
            && !w(k + 1, &["example", "instance"])
            && (k + 1..k + 4).any(|j| w(j, AGES) || clause.get(j).is_some_and(|t| medical(t)))
    };
    let at = (0..clause.len()).find(|&k| {
        for_whom(k)
            || (drug
                && (clause[k].kind == Kind::Ident
                    || w(
                        k,
                        &[
                            "with", "each", "every", "no", "stop", "same", "together", "before",
                            "until", "after", "per", "daily", "twice",
                        ],
                    )))
    });
    if let Some(k) = at {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a medication named by a code, with a dose, a case or advice: how to take a medication is a doctor's to say".to_owned(),
        );
    }
}

/// A reading said to be normal ("180 over 120 is in the normal range", "each value under 10 is
/// normal"): what is normal for a patient is a doctor's to say. "not normal" in an emergency's
/// description passes ("breathing that is not normal: the emergency hotline is the next step").
pub(super) fn normal_said(clause: &[&Tok], out: &mut Vec<Violation>) {
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let at = (0..clause.len()).find(|&k| {
        w(k, &["normal", "healthy", "safe", "harmless"])
            && !(k > 0 && w(k - 1, &["not", "no"]))
            && (w(
                k + 1,
                &[
                    "range", "ranges", "level", "levels", "value", "values", "limit", "limits",
                    "reading", "readings",
                ],
            ) || (k > 0 && w(k - 1, &["is", "are"])))
    });
    if let Some(k) = at {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a reading said to be normal or safe: what is normal for a patient is a doctor's to say".to_owned(),
        );
    }
}

/// A scale of the patient's data cut by an error inside its own range ("Severity of the pain,
/// from 0 to 10; a value over 6 gives the error `VALIDATION_ERROR`", "8, 9 and 10 give the
/// error", "a list of more than 1 gives the error"): the value refused is one the patient can
/// have. A bound at the range's end ("a value over 10 gives the error") states the range again.
pub(super) fn scale_cut_by_an_error(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(head) = clauses.first() else { return };
    let of_care = |x: &Tok| medical(x) || data_kind(&x.text, false) == Some(Data::Medical);
    if !head.iter().any(|t| of_care(t)) {
        return;
    }
    let number = |t: &Tok| t.text.parse::<u32>().ok().filter(|_| t.kind == Kind::Ident);
    // the range's top: the number after "to" in "from 0 to 10", "0 to 30"
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    let top = all
        .windows(2)
        .filter(|w| is_word(w[0], &["to"]))
        .filter_map(|w| number(w[1]))
        .max();
    for clause in clauses {
        let refused = clause.iter().any(|t| {
            is_word(t, &["error", "invalid", "refused", "rejected"])
                || (t.kind == Kind::Ident && t.text.len() == 3 && t.text.starts_with('4'))
        });
        if !refused {
            continue;
        }
        // a bound inside the range: "over 6" below a top of 10, or any number below the top
        // before "gives"/"give"; or a count of a few items ("more than 1")
        let hit = clause.iter().enumerate().find(|&(k, t)| {
            let Some(n) = number(t) else { return false };
            let bound = k > 0 && is_word(clause[k - 1], &["over", "above", "than", "from"]);
            let listed = clause[k + 1..]
                .iter()
                .take(6)
                .any(|x| is_word(x, &["give", "gives", "is", "are"]));
            match top {
                Some(top) => (bound || listed) && n < top,
                None => bound && n <= 3,
            }
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Concealment,
                t,
                "a scale of the patient's data cut by an error inside its own range: a value the patient can have is refused".to_owned(),
            );
            return;
        }
    }
}

/// Two codes said to be one ("`mg` and `ml` are the same unit", "1 `IU` is 1 `mg`", "the unit
/// `mcg` is the same as `mg`"): a unit or a code names one thing; a reader told two are one
/// converts what it must not. Accepted literals reach the grammar as the noun "code".
pub(super) fn codes_equated(clause: &[&Tok], out: &mut Vec<Violation>) {
    // (a unit of the word list is one too: "mg and ml are the same unit")
    let codes: Vec<usize> = (0..clause.len())
        .filter(|&k| {
            is_word(
                clause[k],
                &[
                    "code", "mg", "ml", "kg", "mcg", "g", "l", "iu", "mmol", "cm", "mm",
                ],
            )
        })
        .collect();
    if codes.len() < 2 {
        return;
    }
    let (first, last) = (codes[0], codes[codes.len() - 1]);
    let between = &clause[first + 1..last];
    // the two codes joined as one ("`mg` and `ml` are …", "`mcg` is the same as `mg`"); a
    // clause about something else between them ("another `slotId` with the same key returns
    // `IDEMPOTENCY_KEY_CONFLICT`") equates nothing
    let joined = between.iter().all(|t| {
        t.kind == Kind::Ident
            || is_word(
                t,
                &[
                    "and", "or", "is", "are", "the", "same", "as", "equal", "equals", "to",
                    "means", "in", "a", "an",
                ],
            )
    });
    let same = clause
        .iter()
        .any(|t| is_word(t, &["same", "equal", "equals", "equivalent", "identical"]));
    // "1 code is 1 code": a number, its code, "is", a number, its code
    let rated = between
        .iter()
        .any(|t| is_word(t, &["is", "are", "means", "equals"]))
        && first > 0
        && clause[first - 1].kind == Kind::Ident
        && clause[last - 1].kind == Kind::Ident;
    if joined && (same || rated) {
        push(
            out,
            Rule::Directive,
            clause[first],
            "two codes said to be one: a unit or a code names one thing, and a reader told two are one converts what it must not".to_owned(),
        );
    }
}

/// A time in UTC glossed as a time of day somewhere ("Times are in UTC, for example 09:00 for 9
/// in the morning at the clinic in Berlin"): the offset depends on the zone and the date, which
/// a catalogue written once cannot know; the clinic's `timeZone` says it.
pub(super) fn utc_glossed_as_local(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    if !clauses
        .iter()
        .flatten()
        .any(|t| is_word(t, &["utc", "gmt", "z"]))
    {
        return;
    }
    const DAY: &[&str] = &[
        "morning",
        "afternoon",
        "evening",
        "night",
        "noon",
        "midnight",
        "local",
        "am",
        "pm",
    ];
    let hit = clauses.iter().find_map(|c| {
        (0..c.len()).find_map(|k| {
            let gloss = is_word(c[k], &["for", "means", "is"])
                && c.get(k + 1).is_some_and(|n| n.kind == Kind::Ident)
                && c[k + 2..].iter().take(4).any(|x| is_word(x, DAY));
            gloss.then_some(c[k])
        })
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a time in UTC glossed as a time of day somewhere: the offset depends on the zone and the date; the clinic's time zone says it".to_owned(),
        );
    }
}

/// A missing value of care read as a value ("null means none" of allergies, "an absent level
/// means `routine`", "null means 0" of a pain's severity): a form never answered then reads as
/// an all-clear. What a missing value means is that nothing was given; a text says when it is
/// absent, never which value it stands for.
pub(super) fn absence_read_as_a_value(clauses: &[Vec<&Tok>], text: &str, out: &mut Vec<Violation>) {
    let of_care = clauses.iter().flatten().any(|x| {
        medical(x) || data_kind(&x.text, false) == Some(Data::Medical) || is_word(x, GRADES_OF_CARE)
    });
    if !of_care {
        return;
    }
    for c in clauses {
        for (k, t) in c.iter().enumerate() {
            if !is_word(t, ABSENT_WORDS) {
                continue;
            }
            let Some(m) = (k + 1..c.len().min(k + 5)).find(|&j| is_word(c[j], &["means", "mean"]))
            else {
                continue;
            };
            let Some(v) = c.get(m + 1) else { continue };
            let a_value = is_word(
                v,
                &[
                    "none", "nothing", "zero", "no", "normal", "routine", "low", "healthy",
                ],
            ) || v.kind == Kind::Ident
                || text[..v.start].ends_with('`');
            if a_value {
                push(
                    out,
                    Rule::Concealment,
                    t,
                    "a missing value of care said to stand for a value: a value never given is absent, not none, 0 or a grade".to_owned(),
                );
                return;
            }
        }
    }
}

/// A list of the patient's care narrowed by kind or by time in the phrase that names it
/// ("Allergies of the patient to food", "Medications of the patient from the clinic", "…, as a
/// list, from the first intake", "Weight of the patient, at the first visit"): the doctor gets
/// a part of what the patient has, or what the patient had, as the whole of it now.
pub(super) fn care_list_narrowed(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    for c in clauses {
        for (k, t) in c.iter().enumerate() {
            let list = is_word(t, MEDICAL_LISTS);
            let of_care = list || medical(t) || data_kind(&t.text, false) == Some(Data::Medical);
            if !of_care {
                continue;
            }
            // the phrase after the head: "of the patient" is its owner
            let mut j = k + 1;
            if c.get(j).is_some_and(|x| is_word(x, &["of"]))
                && c.get(j + 1).is_some_and(|x| is_word(x, &["the"]))
                && c.get(j + 2).is_some_and(|x| is_word(x, &["patient"]))
            {
                j += 3;
            }
            // (by kind: a list's own "to food", "from the clinic", "on a prescription")
            let by_kind =
                list && j > k + 1 && c.get(j).is_some_and(|x| is_word(x, &["to", "from", "on"]));
            // (by time: "from the first intake", "as of the first visit", anywhere after it)
            let by_time = c[k + 1..].windows(2).any(|w| {
                is_word(w[0], &["first", "earliest", "oldest", "initial"])
                    && is_word(w[1], &["intake", "intakes", "visit", "visits", "form"])
            });
            if by_kind || by_time {
                push(
                    out,
                    Rule::Concealment,
                    t,
                    "a list of the patient's care narrowed by kind or by time: the doctor gets the whole of what the patient has now".to_owned(),
                );
                return;
            }
        }
    }
}

/// The tool of care (an escalation, an intake) made only for some appointments or patients by
/// their case ("Only for patients over 18", "Only for appointments with the triage level
/// `routine`"), and a doctor's decision (a confirmation, a rejection) given to patients
/// ("Only for patients"); and any tool given an age limit that neither its name nor its text
/// gives a reason for ("Book an open slot … Only for patients over 65"). Who may call is a role ("Only for doctors"); the
/// care itself is for every case.
pub(super) fn care_narrowed_by_case(
    clause: &[&Tok],
    effects: &[&'static str],
    tool_name: &str,
    text: &str,
    out: &mut Vec<Violation>,
) {
    let Some(k) = clause
        .windows(2)
        .position(|w| is_word(w[0], &["only"]) && is_word(w[1], &["for"]))
    else {
        return;
    };
    let rest = &clause[k + 2..];
    let of_care = effects.iter().any(|e| matches!(*e, "escalate" | "submit"));
    let decides = effects.iter().any(|e| matches!(*e, "confirm" | "reject"));
    // (a case that keeps care from someone: an age, a cover, a department or a milder grade;
    // "Only for patients whose symptoms become more severe" names who needs it)
    let keeps_from = |x: &&Tok| is_word(x, KEEPS_FROM_CARE);
    let cases = rest
        .iter()
        .skip_while(|x| is_word(x, DETERMINERS))
        .take(1)
        .any(|x| is_word(x, WHO_A_CASE_IS))
        && rest.iter().any(keeps_from);
    let patients = rest
        .iter()
        .any(|x| is_word(x, &["patients", "patient", "guardians", "guardian"]));
    // an age that the text or the tool's name gives, the reason for an age limit
    let lower = text.to_ascii_lowercase();
    let aged_text = AGE_IN_A_NAME.iter().any(|a| lower.contains(a));
    let aged_name = AGE_IN_A_NAME.iter().any(|a| tool_name.contains(a));
    // (an age limit on a tool whose name holds no age: "Book an open slot … Only for patients
    // over 65"; "Find open slots of pediatricians. Only for patients under 18." of
    // `find_pediatric_slots` is the how-to's)
    let aged = k == 0
        && rest.iter().enumerate().any(|(i, x)| {
            is_word(x, &["over", "under", "older", "younger"])
                && rest.get(i + 1).is_some_and(|n| n.kind == Kind::Ident)
        })
        && !(aged_name || aged_text);
    // (a booking, a search or a queue limited by a patient's account, address, cover or debt:
    // "Only for patients with an address in the city of the clinic"; a kind of appointment
    // passes: "Only for patients with a pending appointment")
    let books = effects
        .iter()
        .any(|e| matches!(*e, "book" | "join" | "reschedule"))
        || tool_name.starts_with("find_")
        || tool_name.contains("slots");
    let attribute = k == 0
        && books
        && rest
            .first()
            .is_some_and(|x| is_word(x, &["patients", "patient"]))
        && rest
            .get(1)
            .is_some_and(|x| is_word(x, &["with", "without", "whose", "who", "from", "in", "of"]))
        && !rest.iter().any(|x| {
            is_word(
                x,
                &[
                    "appointment",
                    "appointments",
                    "booking",
                    "visit",
                    "slot",
                    "entry",
                    "intake",
                    "referral",
                ],
            )
        })
        && !aged_text;
    if (of_care && cases) || (decides && patients) || aged || attribute {
        push(
            out,
            Rule::Directive,
            clause[k],
            "the tool of care narrowed by a case, or a doctor's decision given to patients: who may call is a role, and care is for every case".to_owned(),
        );
    }
}

/// Two of the patient's lists of care made one ("Allergies of the patient, as a list, with the
/// medications of the patient", "Allergies …, the same list as the medications", "Its allergies
/// and medications are one list"): a medication then reads as an allergy, and a doctor may
/// withhold it. An allergy to a medication is one allergy ("Allergies of the patient, for
/// example to a medication").
pub(super) fn care_lists_merged(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let stem = |t: &Tok| -> Option<String> {
        is_word(t, MEDICAL_LISTS).then(|| t.text.to_ascii_lowercase().chars().take(5).collect())
    };
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    let Some(first) = all.iter().find_map(|t| stem(t)) else {
        return;
    };
    for (k, t) in all.iter().enumerate() {
        if stem(t).is_none_or(|s| s == first) {
            continue;
        }
        let back = |d: usize, w: &[&str]| k >= d && is_word(all[k - d], w);
        let with = back(1, &["with"]) || (back(1, &["the"]) && back(2, &["with"]));
        let list_of = back(1, &["of"]) && back(2, &["list"]);
        let in_it = all.get(k + 1).is_some_and(|n| is_word(n, &["in"]))
            && all.get(k + 2).is_some_and(|n| is_word(n, &["it"]));
        let one = all.iter().any(|x| is_word(x, &["same"]))
            || all
                .windows(2)
                .any(|w| is_word(w[0], &["one"]) && is_word(w[1], &["list"]));
        if with || list_of || in_it || one {
            push(
                out,
                Rule::Concealment,
                t,
                "two of the patient's lists of care made one: allergies, medications and symptoms are each a list of its own".to_owned(),
            );
            return;
        }
    }
}

/// A key or a reference of the request that holds the patient's data ("Key of the request, for
/// example the date of birth of the patient", "… the insurance number of the patient"): a key
/// is logged and sent again, and holds nothing of a person.
pub(super) fn data_in_a_key(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(first) = clauses.first() else { return };
    let key = first
        .iter()
        .take(4)
        .any(|t| is_word(t, &["key", "keys", "token", "reference"]));
    let title = first
        .iter()
        .take(4)
        .any(|t| is_word(t, &["title", "label"]));
    if !(key || title) {
        return;
    }
    // one key for many requests: "the same string for each booking", or a key that is the
    // value of another thing ("Key of the request, the date of the slot", "… the id of the
    // doctor"); the same key for a retry of one request is what a key is for, so a key new for
    // each request, call or try ("different for each request", "a new key per attempt") sends
    // a retry as a second booking
    if key {
        let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
        const RETRY: &[&str] = &[
            "retry", "retries", "attempt", "attempts", "again", "repeat", "repeated", "replay",
        ];
        let retried = all.iter().any(|x| is_word(x, RETRY));
        let shared = !retried
            && all
                .iter()
                .position(|t| is_word(t, &["same"]))
                .is_some_and(|k| {
                    all[k..]
                        .iter()
                        .any(|x| is_word(x, &["each", "every", "all"]))
                });
        let another = first.windows(4).any(|w| {
            is_word(w[0], &["the"])
                && is_word(w[1], &["date", "day", "id", "time", "name", "number"])
                && is_word(w[2], &["of"])
        });
        // ("for each request", "per call", "every try"; not "each time the patient books")
        const TRIES: &[&str] = &[
            "request", "requests", "call", "calls", "try", "tries", "attempt", "attempts", "retry",
            "retries", "time", "send",
        ];
        let per_try = (0..all.len()).any(|k| {
            is_word_at(&all, k, &["each", "every", "per"])
                && is_word_at(&all, k + 1, TRIES)
                && !all[k + 2..].iter().take(4).any(|x| {
                    is_word(
                        x,
                        &[
                            "book", "books", "booking", "bookings", "move", "moves", "change",
                            "changes",
                        ],
                    )
                })
        });
        let fresh = !(retried && all.iter().any(|x| is_word(x, &["same"])))
            && per_try
            && all.iter().any(|x| {
                is_word(
                    x,
                    &["different", "new", "fresh", "unique", "another", "distinct"],
                )
            });
        if let Some(t) = (shared || another || fresh).then(|| first[0]) {
            push(
                out,
                Rule::Directive,
                t,
                "one key for many requests, or many keys for one: a key of the request is new for each booking or change, and the same for a retry of it".to_owned(),
            );
            return;
        }
    }
    let hit = clauses.iter().flatten().find(|t| {
        let kind = data_kind(&t.text, false);
        matches!(kind, Some(Data::Personal | Data::Insurance | Data::Age))
            || (key && kind == Some(Data::Medical))
            || is_word(t, &["birth", "insurance", "name"])
                && clauses
                    .iter()
                    .flatten()
                    .any(|x| is_word(x, &["patient", "patients"]))
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Exfiltration,
            t,
            "a key or a title of the request that holds the patient's data: a key is sent again and logged, and holds nothing of a person".to_owned(),
        );
    }
}

/// A parameter that selects said to leave out what it names ("Id of one doctor; open slots of
/// this doctor are omitted", "… the open slots of each other doctor are the result"): the
/// reader sends a filter and gets everything but what the patient asked for.
pub(super) fn filter_inverted(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    let hit = all.iter().enumerate().find(|&(k, t)| {
        // ("Slots that have already started are omitted": a relative "that" is no filter's value)
        let this = is_word(t, &["this", "these"])
            && all[k + 1..]
                .iter()
                .take(6)
                .any(|x| is_word(x, &["omitted", "excluded", "removed", "skipped", "hidden"]));
        let others = is_word(t, &["other"])
            && k >= 1
            && is_word(all[k - 1], &["each", "every", "all"])
            && all[k + 1..]
                .iter()
                .take(6)
                .any(|x| is_word(x, &["result", "results"]));
        this || others
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a parameter that selects said to leave out what it names: a filter's value is what the result holds".to_owned(),
        );
    }
}

/// In a tool that removes (a cancellation, a rejection), its id said to be of the object that
/// stays ("Id of the appointment that stays"): the reader sends the id of the one to keep, and the
/// other is removed.
pub(super) fn removed_object_swapped(
    clauses: &[Vec<&Tok>],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    if !effects.iter().any(|e| matches!(*e, "cancel" | "reject")) {
        return;
    }
    let Some(first) = clauses.first() else { return };
    if !first.iter().any(|t| is_word(t, &["id", "ids"])) {
        return;
    }
    let hit = first
        .windows(2)
        .find(|w| {
            is_word(w[0], &["that", "which"])
                && is_word(w[1], &["stays", "remains", "stay", "remain"])
        })
        .map(|w| w[1])
        .or_else(|| {
            first
                .iter()
                .copied()
                .find(|t| is_word(t, &["kept", "remaining", "surviving"]))
        });
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the id of a tool that removes said to be of the object that stays: it is the id of the object removed".to_owned(),
        );
    }
}
